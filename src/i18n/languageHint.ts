import { isLanguage, type Language } from '../domain/language.ts'

/**
 * The `lang` cookie: a hint the server reads to render a page's first HTML in the language the app will show.
 * The event log (v1.LanguageChosen) stays the truth; the page writes this whenever the active language is set.
 */
export const LANGUAGE_COOKIE = 'lang'

export function writeLanguageHint(language: Language): void {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Safari before 18.4
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** The language a Cookie header (or document.cookie) hints at, or null. */
export function readLanguageHint(cookies: string | null | undefined): Language | null {
  const pair = (cookies ?? '').split(/;\s*/).find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
  const value = pair?.slice(LANGUAGE_COOKIE.length + 1)
  return isLanguage(value) ? value : null
}
