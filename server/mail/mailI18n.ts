import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { LANGUAGES, type Language } from '../../src/domain/language.ts'
import { compileCatalogue } from '../i18n/catalogues.ts'
import { keepValuesLiteral } from '../../src/domain/literalValues.ts'

let loaded: Promise<Map<Language, Messages>> | undefined

/** Every language's compiled mail messages, read from locales/mail/*.po once per process. */
function catalogues(): Promise<Map<Language, Messages>> {
  loaded ??= Promise.all(
    LANGUAGES.map(async (language) => [language, JSON.parse(await compileCatalogue('mail', language)).messages as Messages] as const),
  ).then((entries) => new Map(entries))
  // A failed read (a broken .po) is tried again on the next mail rather than kept.
  loaded.catch(() => (loaded = undefined))
  return loaded
}

/** A Lingui instance speaking the mails' messages in `language`. */
export async function mailI18n(language: Language): Promise<I18n> {
  const messages = await catalogues()
  return keepValuesLiteral(setupI18n({ locale: language, messages: { [language]: messages.get(language) ?? {} } }))
}
