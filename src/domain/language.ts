/** The languages by code: English (bundled, the default), isiXhosa and Afrikaans. */
export const LANGUAGES = ['en', 'xh', 'af'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The Intl locale that formats numbers and dates for a language. isiXhosa uses en-ZA: Chromium's ICU data has
 * no isiXhosa (`new Intl.DateTimeFormat('xh-ZA').resolvedOptions().locale` is "en-US" there, with US dates
 * and commas), and Node's full ICU writes xh-ZA dates in the US order ("Matshi 5, 2026"). en-ZA gives the South
 * African order and grouping ("5 March 2026", "1 299.50") the same in every browser and in the server's rendering.
 */
export function intlLocale(language: string): 'en-ZA' | 'af-ZA' {
  return language === 'af' ? 'af-ZA' : 'en-ZA'
}
