import { timeProviderCall } from '../metrics.ts'
import { vapidHeader } from './vapid.ts'
import type { PushSettings } from './pushSettings.ts'
import { encryptPushPayload, type PushKeys } from './webPushCrypto.ts'

export type Urgency = 'very-low' | 'low' | 'normal' | 'high'

/** One notification for one device, as the outbox hands it over. */
export interface PushMessage {
  endpoint: string
  keys: PushKeys
  /** The Declarative Web Push JSON, in the device's language. */
  payload: string
  /** Seconds the push service may hold it for an offline device: what is left until it expires. */
  ttlSeconds: number
  urgency: Urgency
  topic: string
}

/** What the push service answered: its status and, when it asked to wait (429, 503), for how many seconds. */
export interface PushAnswer {
  status: number
  retryAfterSeconds?: number
}

/** A push service that has not answered within this long fails the try: it is retried as a 5xx would be. */
export const pushSendTimeoutMs = 10_000

/** Retry-After as seconds or as an HTTP date (RFC 9110 §10.2.3), in whole seconds from `now`; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  // An HTTP date names its weekday and month; anything else Date.parse might read ("-5") is not one.
  const at = /^[A-Za-z]{3}, /.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000))
}

/**
 * Posts one encrypted message (RFC 8030, 8291, 8292). A redirect is never followed (it answers as a failure: the
 * endpoint was checked, where it points to was not); a network error or the timeout throws.
 */
export function sendPush(
  message: PushMessage,
  push: Pick<PushSettings, 'keys' | 'subject'>,
  { timeoutMs = pushSendTimeoutMs, now = new Date() } = {},
): Promise<PushAnswer> {
  const body = encryptPushPayload(Buffer.from(message.payload, 'utf8'), message.keys)
  return timeProviderCall(
    { provider: 'push', operation: 'send' },
    () => 'unavailable',
    async () => {
      const res = await fetch(message.endpoint, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          TTL: String(Math.max(0, Math.floor(message.ttlSeconds))),
          Urgency: message.urgency,
          Topic: message.topic,
          'Content-Encoding': 'aes128gcm',
          'Content-Type': 'application/octet-stream',
          Authorization: vapidHeader(message.endpoint, push.keys, push.subject, now),
        },
        body: new Uint8Array(body),
      })
      // The answer's body is not used; read so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined)
      const wait = retryAfterSeconds(res.headers.get('retry-after'), now)
      return wait === undefined ? { status: res.status } : { status: res.status, retryAfterSeconds: wait }
    },
  )
}
