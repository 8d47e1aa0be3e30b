import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { accepts } from 'hono/accepts'
import { getCookie } from 'hono/cookie'
import { parseAccept } from 'hono/utils/accept'
import { parse } from 'hono/utils/cookie'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES } from '../../src/domain/languageCodes.ts'
import type { Language } from '../../src/domain/languageCodes.ts'
import { LANGUAGE_COOKIE } from '../../src/domain/languageCodes.ts'

type Accepted = ReturnType<typeof parseAccept>
type Options = Parameters<typeof accepts>[1]
type Choice = Pick<Options, 'supports' | 'default'>

const languageHeader = { header: 'Accept-Language', supports: [...LANGUAGES], default: '' } as const satisfies Omit<Options, 'match'>

/** The best-weighted tag whose primary subtag we speak ("af-ZA" is af); q=0 refuses a language. Hono sorts by q. */
const byPrimaryTag = (tags: Accepted, config: Choice): string =>
  tags
    .filter((tag) => tag.q > 0)
    .map((tag) => tag.type.split(/[-_]/)[0]?.toLowerCase())
    .find((primary) => config.supports.includes(primary ?? '')) ?? config.default

const asLanguage = (value: string | undefined): Language | undefined => (isLanguage(value) ? value : undefined)

/** The language the browser's Accept-Language prefers among ours, honouring q-values; undefined if none. */
export const acceptedLanguage = (c: Context): Language | undefined => asLanguage(accepts(c, { ...languageHeader, match: byPrimaryTag }))

/** The storefront's `lang` cookie (the language the app shows), when it names one of ours. */
export const hintedLanguage = (c: Context): Language | undefined => asLanguage(getCookie(c, LANGUAGE_COOKIE))

/** The language the customer is using now: the app's `lang` cookie, else Accept-Language, else English (what a mail is written in). */
export const requestLanguage = (c: Context): Language => hintedLanguage(c) ?? acceptedLanguage(c) ?? DEFAULT_LANGUAGE

/** The same two, for a plain Node request (the identity sandbox runs outside Hono), read by Hono's parsers. */
export function nodeRequestLanguages(req: IncomingMessage): { hinted: Language | undefined; accepted: Language | undefined } {
  const cookie = req.headers.cookie ? parse(req.headers.cookie, LANGUAGE_COOKIE)[LANGUAGE_COOKIE] : undefined
  const header = req.headers['accept-language']
  return { hinted: asLanguage(cookie), accepted: asLanguage(header ? byPrimaryTag(parseAccept(header), languageHeader) : undefined) }
}
