/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The release id (BUILD_ID at build time): it names the build, so it is the build's own. Deployment settings come from the page (src/config.ts). */
  readonly VITE_BUILD_ID: string
  /** 'false' builds without the machine lab (/lab); set by vite.config.ts, 'true' otherwise. */
  readonly VITE_LAB: 'true' | 'false'
}

declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
