import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { checkVapidHeader, generateVapidKeys, vapidHeader, vapidKeysMatch, vapidLifetimeSeconds } from '../../../server/push/vapid.ts'

const now = new Date('2026-11-30T08:00:00Z')
const endpoint = 'https://fcm.googleapis.com/fcm/send/abc:def?x=1'

/** An independent reading of the header with node:crypto only. */
function read(header: string) {
  const m = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(header)
  if (!m) throw new Error(`not a VAPID header: ${header}`)
  const [, head, claims, signature, k] = m as unknown as string[]
  const point = Buffer.from(k as string, 'base64url')
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  })
  return {
    head: JSON.parse(Buffer.from(head as string, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims as string, 'base64url').toString()),
    k,
    verified: verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature as string, 'base64url')),
  }
}

describe('VAPID (RFC 8292)', () => {
  test('generates a 65-byte public and 32-byte private key that belong together', () => {
    const keys = generateVapidKeys()
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65)
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
    expect(vapidKeysMatch(keys)).toBe(true)
    expect(vapidKeysMatch({ publicKey: keys.publicKey, privateKey: generateVapidKeys().privateKey })).toBe(false)
    expect(vapidKeysMatch({ publicKey: keys.publicKey, privateKey: 'short' })).toBe(false)
  })

  test('signs an ES256 JWT for the endpoint origin, 12 h, with the subject, that node:crypto verifies', () => {
    const keys = generateVapidKeys()
    const header = vapidHeader(endpoint, keys, 'mailto:ops@seed.co.za', now)
    const { head, claims, k, verified } = read(header)
    expect(verified).toBe(true)
    expect(head).toEqual({ typ: 'JWT', alg: 'ES256' })
    expect(claims).toEqual({ aud: 'https://fcm.googleapis.com', exp: now.getTime() / 1000 + vapidLifetimeSeconds, sub: 'mailto:ops@seed.co.za' })
    expect(vapidLifetimeSeconds).toBe(43_200)
    expect(k).toBe(keys.publicKey)
  })

  test('another key pair does not verify the header', () => {
    const header = vapidHeader(endpoint, generateVapidKeys(), 'mailto:ops@seed.co.za', now)
    const other = generateVapidKeys().publicKey
    expect(read(header.replace(/k=.*$/, `k=${other}`)).verified).toBe(false)
  })

  test('the push-service check accepts a good header and names what is wrong with a bad one', () => {
    const keys = generateVapidKeys()
    const origin = 'https://fcm.googleapis.com'
    const header = vapidHeader(endpoint, keys, 'https://seed.co.za/contact', now)
    expect(checkVapidHeader(header, { publicKey: keys.publicKey, origin, now })).toEqual({ ok: true, subject: 'https://seed.co.za/contact' })
    expect(checkVapidHeader(undefined, { publicKey: keys.publicKey, origin, now })).toMatchObject({ ok: false, reason: 'no VAPID authorization' })
    expect(checkVapidHeader(header, { publicKey: generateVapidKeys().publicKey, origin, now })).toMatchObject({ ok: false })
    expect(checkVapidHeader(header, { publicKey: keys.publicKey, origin: 'https://other.example', now })).toMatchObject({ ok: false, reason: /audience/ })
    const later = new Date(now.getTime() + 13 * 3_600_000)
    expect(checkVapidHeader(header, { publicKey: keys.publicKey, origin, now: later })).toMatchObject({ ok: false, reason: /expired/ })
    const forged = generateVapidKeys()
    const signedByOther = vapidHeader(endpoint, forged, 'mailto:a@b.co', now).replace(/k=.*$/, `k=${keys.publicKey}`)
    expect(checkVapidHeader(signedByOther, { publicKey: keys.publicKey, origin, now })).toMatchObject({ ok: false, reason: /signature/ })
  })
})
