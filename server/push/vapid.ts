import { createECDH, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

/** The application server's VAPID key pair (RFC 8292), base64url raw: public 65 bytes uncompressed, private 32 bytes (d). */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/** How long a VAPID token is good for: push services refuse more than 24 h; 12 h leaves room for clock skew. */
export const vapidLifetimeSeconds = 12 * 3_600

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url')
const json = (value: object) => b64(JSON.stringify(value))

function jwk(keys: { publicKey: string; privateKey?: string }) {
  const point = Buffer.from(keys.publicKey, 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new Error('the VAPID public key is not an uncompressed P-256 point (65 bytes, base64url)')
  return { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)), ...(keys.privateKey ? { d: keys.privateKey } : {}) }
}

const privateKeyObject = (keys: VapidKeys): KeyObject => createPrivateKey({ key: jwk(keys), format: 'jwk' })
const publicKeyObject = (publicKey: string): KeyObject => createPublicKey({ key: jwk({ publicKey }), format: 'jwk' })

/** A new key pair, for `npm run push:keys` and tests. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { publicKey: b64(ecdh.getPublicKey()), privateKey: b64(ecdh.getPrivateKey()) }
}

/** Whether the private key is the public key's: a mismatched pair signs tokens every push service refuses. */
export function vapidKeysMatch(keys: VapidKeys): boolean {
  try {
    const d = Buffer.from(keys.privateKey, 'base64url')
    if (d.length !== 32) return false
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(d)
    return b64(ecdh.getPublicKey()) === b64(Buffer.from(keys.publicKey, 'base64url'))
  } catch {
    return false
  }
}

/** The Authorization header of one push request (RFC 8292 §3): an ES256 JWT for the endpoint's origin, and the public key. */
export function vapidHeader(endpoint: string, keys: VapidKeys, subject: string, now: Date): string {
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + vapidLifetimeSeconds, sub: subject }
  const unsigned = `${json({ typ: 'JWT', alg: 'ES256' })}.${json(claims)}`
  const signature = sign('sha256', Buffer.from(unsigned), { key: privateKeyObject(keys), dsaEncoding: 'ieee-p1363' })
  return `vapid t=${unsigned}.${b64(signature)}, k=${keys.publicKey}`
}

export type VapidCheck = { ok: true; subject: string } | { ok: false; reason: string }

/** The push service's side, for the sandbox push service: the header is signed by `publicKey`, for `origin`, and not expired. */
export function checkVapidHeader(header: string | undefined, { publicKey, origin, now }: { publicKey: string; origin: string; now: Date }): VapidCheck {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), ?k=([\w-]+)$/.exec(header ?? '')
  if (!m) return { ok: false, reason: 'no VAPID authorization' }
  const [, head, body, signature, k] = m as unknown as [string, string, string, string, string]
  if (k !== publicKey) return { ok: false, reason: 'VAPID key is not the application server key' }
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyObject(publicKey), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) return { ok: false, reason: 'VAPID signature does not verify' }
  let claims: { aud?: unknown; exp?: unknown; sub?: unknown }
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'VAPID claims are not JSON' }
  }
  if (claims.aud !== origin) return { ok: false, reason: `VAPID audience is not ${origin}` }
  const seconds = now.getTime() / 1000
  if (typeof claims.exp !== 'number' || claims.exp <= seconds || claims.exp > seconds + 24 * 3_600)
    return { ok: false, reason: 'VAPID token expired or good for more than 24 h' }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return { ok: false, reason: 'VAPID subject is not mailto: or https:' }
  return { ok: true, subject: claims.sub }
}
