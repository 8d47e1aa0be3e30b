/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string
  readonly VITE_API_KEY: string
  readonly VITE_BUILD_ID: string
}

declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
