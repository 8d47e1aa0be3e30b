import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../domain/languageCodes.ts'

/** The languages the storefront speaks, by code, with their own names. */
export const locales = {
  en: 'English',
  xh: 'isiXhosa',
  af: 'Afrikaans',
} as const satisfies Record<Language, string>

export type Locale = Language
export const defaultLocale: Locale = DEFAULT_LANGUAGE
export const isLocale = isLanguage
