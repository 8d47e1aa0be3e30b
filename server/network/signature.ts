import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The network's events are signed as Stripe signs its webhooks: `Network-Signature: t=<unix seconds>,v1=<hex>`,
 * the hex an HMAC-SHA256 with NETWORK_WEBHOOK_SECRET over "<t>.<raw body>". The time inside the signature bounds a
 * replay: an event signed more than replayWindowSeconds before or after now is refused.
 */

export const networkSignatureHeader = 'Network-Signature'
export const networkWebhookPath = '/api/network/events'
export const replayWindowSeconds = 300

const hmac = (secret: Buffer, body: string, unixSeconds: number) => createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')

/** The Network-Signature header for this raw body, signed at unixSeconds. */
export function signatureHeader(secret: Buffer, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, body, unixSeconds)}`
}

/** The headers an event is sent with (the sandbox's sender, and tests playing the enabler). */
export function signEvent(secret: Buffer, body: string, unixSeconds: number): Record<string, string> {
  return { 'Content-Type': 'application/json', [networkSignatureHeader]: signatureHeader(secret, body, unixSeconds) }
}

/**
 * 'ok' for a body signed with the secret within the replay window of now; 'stale' for a true signature made too long
 * before (or after) now; 'bad' for anything else. Several v1 values are allowed (an enabler rolling its secret signs
 * with both); any one matching is enough.
 */
export function verifySignature(secret: Buffer, header: string | undefined, body: string, nowSeconds: number): 'ok' | 'bad' | 'stale' {
  if (!header || header.length > 1_000) return 'bad'
  let t: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2)
    if (name === 't' && /^\d{1,12}$/.test(value)) t = Number(value)
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase())
  }
  if (t === undefined || signatures.length === 0) return 'bad'
  const expected = Buffer.from(hmac(secret, body, t), 'hex')
  // Every candidate is compared in full, in constant time: how far a forged one matched is never told by the timing.
  const matched = signatures.reduce((found, signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected) || found, false)
  if (!matched) return 'bad'
  return Math.abs(nowSeconds - t) > replayWindowSeconds ? 'stale' : 'ok'
}
