import type { I18n } from '@lingui/core'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../src/domain/languageCodes.ts'
import { compiledI18n } from '../i18n/catalogues.ts'

/*
 * The sandboxes speak the shopper's language as a provider's hosted pages do: the sign-in page per the OpenID
 * request's `ui_locales`, the card widget per `wpwlOptions.locale`, the bank's 3-D Secure page per the browser
 * language the widget sent with the payment. Their messages are the catalogue locales/sandbox/{locale}.po,
 * written as `i18n._({ id, message })` with explicit ids (the server runs without Lingui's macros).
 */

/** A Lingui instance showing the sandbox's messages in `language`. */
export const sandboxI18n = (language: Language): Promise<I18n> => compiledI18n('sandbox', language)

/** Every language's instance, for texts a page picks from in the browser (the card widget). */
export async function sandboxI18ns(): Promise<Record<Language, I18n>> {
  const entries = await Promise.all(LANGUAGES.map(async (language) => [language, await sandboxI18n(language)] as const))
  return Object.fromEntries(entries) as Record<Language, I18n>
}

/**
 * The first language the sandboxes speak among tags the request itself names, best first: language tags ("af",
 * "af-ZA", "xh_ZA") and space- or comma-separated lists of them (`ui_locales`, the widget's browser language).
 */
export function namedLanguage(...preferences: Array<string | null | undefined>): Language | undefined {
  for (const preference of preferences) {
    if (!preference) continue
    for (const tag of preference.split(/[\s,]+/)) {
      const primary = tag.split(/[-_;]/)[0]?.toLowerCase()
      if (isLanguage(primary)) return primary
    }
  }
  return undefined
}

/**
 * The shopper's language on a sandbox page: what the request itself names (`ui_locales`, the widget's browser
 * language), else the storefront's `lang` cookie (the sandboxes share its origin here), else Accept-Language
 * (server/i18n/requestLanguage.ts reads both), else English.
 */
export function shopperI18n(asked: unknown, hinted: Language | undefined, accepted: Language | undefined): Promise<I18n> {
  return sandboxI18n(namedLanguage(typeof asked === 'string' ? asked : undefined) ?? hinted ?? accepted ?? DEFAULT_LANGUAGE)
}
