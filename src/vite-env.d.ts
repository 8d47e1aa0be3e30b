/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string
  readonly VITE_API_KEY: string
  readonly VITE_BUILD_ID: string
  /** Origin the translations load from (/i18n/{lng}.json); empty or unset: this origin. */
  readonly VITE_I18N_HOST?: string
  /** 'google' loads Google's Pay script; anything else (default) the in-page sandbox. */
  readonly VITE_GOOGLE_PAY?: string
  readonly VITE_GOOGLE_PAY_MERCHANT_NAME?: string
  readonly VITE_GOOGLE_PAY_GATEWAY_MERCHANT_ID?: string
  /** 'false' builds without the machine lab (/lab); set by vite.config.ts, 'true' otherwise. */
  readonly VITE_LAB: 'true' | 'false'
}

declare module '*.po' {
  export const messages: import('@lingui/core').Messages
}
