/** The languages the storefront speaks, by code, with their own names. */
export const locales = {
  en: 'English',
  xh: 'isiXhosa',
  af: 'Afrikaans',
} as const

export type Locale = keyof typeof locales
export const defaultLocale: Locale = 'en'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(locales, value)
}
