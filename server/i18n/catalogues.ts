import { readFile } from 'node:fs/promises'
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { LANGUAGES, type Language } from '../../src/domain/languageCodes.ts'
import { keepValuesLiteral } from '../../src/domain/literalValues.ts'
import { serverFile } from '../paths.ts'

/**
 * The catalogues of lingui.config.ts by name: the storefront's (`locales/{locale}.po`, served as /i18n/{lng}.json),
 * the machine lab's (`locales/lab/…`, inside the lab's chunk), the staff app's (`locales/staff/…`, inside its chunks), the sandboxes' pages (`locales/sandbox/…`) and the
 * mails the server sends (`locales/mail/…`) and its push notifications (`locales/push/…`), read by the server.
 */
export const catalogueFolders = {
  storefront: 'locales',
  lab: 'locales/lab',
  staff: 'locales/staff',
  sandbox: 'locales/sandbox',
  mail: 'locales/mail',
  push: 'locales/push',
} as const
export type CatalogueName = keyof typeof catalogueFolders

const SOURCE_LOCALE = 'en'
const po = formatter()

type Entries = Record<string, { message?: string; translation?: string }>

async function read(name: CatalogueName, locale: string): Promise<Entries> {
  return po.parse(await readFile(serverFile(catalogueFolders[name], `${locale}.po`), 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: '' }) as Entries
}

/**
 * A locale's messages of one catalogue, compiled as `lingui compile --namespace json` does (English where a message
 * has no translation), read straight from the .po files: this runs in the server and in the build, where Lingui's
 * CLI (which loads lingui.config.ts) cannot always be loaded. test/i18n/catalogueCompiler.test.ts holds it to the CLI.
 */
export async function compileCatalogue(name: CatalogueName, locale: string): Promise<string> {
  const [source, target] = await Promise.all([read(name, SOURCE_LOCALE), locale === SOURCE_LOCALE ? undefined : read(name, locale)])
  const ids = [...new Set([...Object.keys(source), ...Object.keys(target ?? {})])].sort()
  const messages = Object.fromEntries(
    ids.map((id) => {
      const text = target?.[id]?.translation || source[id]?.translation || source[id]?.message || target?.[id]?.message || id
      return [id, compileMessage(text)]
    }),
  )
  return JSON.stringify({ messages })
}

/** Every locale's compiled messages of one catalogue, as JSON text by locale. */
export async function compileCatalogues(name: CatalogueName, locales: readonly string[]): Promise<Map<string, string>> {
  return new Map(await Promise.all(locales.map(async (locale) => [locale, await compileCatalogue(name, locale)] as const)))
}

/** The catalogues the server itself speaks: the mails and push notifications it sends and the sandboxes' pages. */
export type ServerCatalogue = 'mail' | 'push' | 'sandbox'

const loaded = new Map<ServerCatalogue, Promise<Map<Language, Messages>>>()

/** Every language's compiled messages of one catalogue, read from its .po files once per process. */
function compiledMessages(kind: ServerCatalogue): Promise<Map<Language, Messages>> {
  let messages = loaded.get(kind)
  if (!messages) {
    messages = Promise.all(
      LANGUAGES.map(async (language) => [language, JSON.parse(await compileCatalogue(kind, language)).messages as Messages] as const),
    ).then((entries) => new Map(entries))
    loaded.set(kind, messages)
    // A failed read (a broken .po) is tried again on the next mail or page rather than kept.
    messages.catch(() => loaded.delete(kind))
  }
  return messages
}

/** A Lingui instance speaking one of the server's catalogues in `language`, string values put in as they are. */
export async function compiledI18n(kind: ServerCatalogue, language: Language): Promise<I18n> {
  const messages = await compiledMessages(kind)
  return keepValuesLiteral(setupI18n({ locale: language, messages: { [language]: messages.get(language) ?? {} } }))
}
