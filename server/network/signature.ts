import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header the network signs each event with: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const networkSignatureHeader = 'Network-Signature'

/** Where the network posts its events (docs/network.md). */
export const networkWebhookPath = '/api/network/events'

/** How far an event's signing time may be from ours, either way, before it counts as a replay. */
export const signatureToleranceSeconds = 300

const hmac = (secret: Buffer, body: string, unixSeconds: number) => createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')

/** The Network-Signature header for a body signed at `unixSeconds`. */
export function signatureHeader(secret: Buffer, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, body, unixSeconds)}`
}

/** Whether the header signs this body with the secret ('bad'), and was signed within the tolerance of now ('stale'). */
export function verifySignature(secret: Buffer, header: string | undefined, body: string, nowSeconds: number): 'ok' | 'bad' | 'stale' {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]))
  const t = parts.get('t') ?? ''
  const given = parts.get('v1') ?? ''
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(given)) return 'bad'
  const expected = Buffer.from(hmac(secret, body, Number(t)), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'bad'
  return Math.abs(nowSeconds - Number(t)) > signatureToleranceSeconds ? 'stale' : 'ok'
}
