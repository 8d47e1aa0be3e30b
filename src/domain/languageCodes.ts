/** The languages by code: English (bundled, the default), isiXhosa and Afrikaans. */
export const LANGUAGES = ['en', 'xh', 'af'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/**
 * The `lang` cookie: a hint the server reads to render a page's first HTML in the language the app will show.
 * The event log (v1.LanguageChosen) stays the truth; the page writes this whenever the active language is set.
 */
export const LANGUAGE_COOKIE = 'lang'

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

/** Where a language's manifest is served (English keeps the plugin's own): the server's first page and the app link the same. */
export function manifestUrl(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`
}
