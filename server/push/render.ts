import type { Language } from '../../src/domain/languageCodes.ts'
import { formatRand } from '../../src/domain/money.ts'
import type { PushKind } from '../../src/domain/push.ts'
import { compiledI18n } from '../i18n/catalogues.ts'
import { shopOrigin } from '../mail/shopOrigin.ts'
import { pushMessages, type PushValuesOf } from './messages.ts'

/** Some push services refuse payloads from about 3 KB; every notification stays under this. */
export const MAX_PAYLOAD_BYTES = 2048

/** Names the network or the customer chose (a bundle, a SIM's name) are cut to this many characters, so no name can push a payload past the limit. */
const MAX_NAME_CHARS = 60

/** What the Declarative Web Push format (web_push 8030) carries: Safari shows it itself; other browsers hand it to the worker. */
export interface DeclarativePush {
  web_push: 8030
  notification: { title: string; body: string; lang: Language; dir: 'ltr'; navigate: string; tag: string; silent: false }
  mutable: false
  kind: PushKind
}

export interface RenderRequest<K extends PushKind> {
  kind: K
  values: PushValuesOf[K]
  language: Language
  /** The page to open, a path of this shop ("/orders/41"). */
  path: string
  topic: string
}

const clip = (text: string) => {
  const characters = [...text]
  return characters.length > MAX_NAME_CHARS ? `${characters.slice(0, MAX_NAME_CHARS - 1).join('')}…` : text
}

/** The notification as the JSON text pushed to the device, in its language; links only ever open this shop. */
export async function renderPush<K extends PushKind>({ kind, values, language, path, topic }: RenderRequest<K>): Promise<string> {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`a push opens a path of this shop, not ${path}`)
  const i18n = await compiledI18n('push', language)
  const placeholders = Object.fromEntries(
    Object.entries(values as object as Record<string, string | number>).map(([key, value]) =>
      key === 'amount' ? [key, formatRand(Number(value), language)] : [key, typeof value === 'string' ? clip(value) : value],
    ),
  )
  const { title, body } = pushMessages[kind]
  const push: DeclarativePush = {
    web_push: 8030,
    notification: {
      title: i18n._({ ...title, values: placeholders }),
      body: i18n._({ ...body, values: placeholders }),
      lang: language,
      dir: 'ltr',
      navigate: `${shopOrigin()}${path}`,
      tag: topic,
      silent: false,
    },
    mutable: false,
    kind,
  }
  const json = JSON.stringify(push)
  if (Buffer.byteLength(json) >= MAX_PAYLOAD_BYTES) throw new Error(`the ${kind} notification is ${Buffer.byteLength(json)} bytes, over ${MAX_PAYLOAD_BYTES}`)
  return json
}
