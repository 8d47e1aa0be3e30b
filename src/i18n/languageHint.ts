import { isLanguage, LANGUAGE_COOKIE, type Language } from '../domain/languageCodes.ts'

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
