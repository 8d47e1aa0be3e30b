import { createECDH, randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { decryptPushPayload, encryptPushPayload } from '../../../server/push/webPushCrypto.ts'

// RFC 8291 Appendix A, verbatim.
const rfc = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}
const bytes = (b64: string) => Buffer.from(b64, 'base64url')

function device() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url'), privateKey: ecdh.getPrivateKey() }
}

describe('RFC 8291 message encryption', () => {
  test('reproduces the Appendix A body byte for byte', () => {
    const body = encryptPushPayload(
      Buffer.from(rfc.plaintext),
      { p256dh: rfc.uaPublic, auth: rfc.auth },
      { salt: bytes(rfc.salt), senderKeys: { publicKey: bytes(rfc.asPublic), privateKey: bytes(rfc.asPrivate) } },
    )
    expect(body.toString('base64url')).toBe(rfc.body)
  })

  test('the device side opens the Appendix A body', () => {
    expect(decryptPushPayload(bytes(rfc.body), { privateKey: bytes(rfc.uaPrivate), auth: rfc.auth }).toString()).toBe(rfc.plaintext)
  })

  test('round trip with fresh keys and salt: each message differs, each opens to the same text', () => {
    const ua = device()
    const text = Buffer.from(JSON.stringify({ web_push: 8030, notification: { title: 'Molo', body: 'R 99.00 — ñ ✓' } }))
    const one = encryptPushPayload(text, ua)
    const two = encryptPushPayload(text, ua)
    expect(one.equals(two)).toBe(false)
    expect(decryptPushPayload(one, ua).equals(text)).toBe(true)
    expect(decryptPushPayload(two, ua).equals(text)).toBe(true)
  })

  test('another device, another auth secret or a changed byte does not open', () => {
    const ua = device()
    const body = encryptPushPayload(Buffer.from('hello'), ua)
    expect(() => decryptPushPayload(body, { ...device() })).toThrow()
    expect(() => decryptPushPayload(body, { privateKey: ua.privateKey, auth: randomBytes(16).toString('base64url') })).toThrow()
    const tampered = Buffer.from(body)
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1
    expect(() => decryptPushPayload(tampered, ua)).toThrow()
  })

  test('refuses a key that is no P-256 point and a message too big for one record', () => {
    const ua = device()
    expect(() => encryptPushPayload(Buffer.from('x'), { p256dh: randomBytes(65).toString('base64url'), auth: ua.auth })).toThrow()
    expect(() => encryptPushPayload(Buffer.alloc(4000), ua)).toThrow(/at most/)
    expect(decryptPushPayload(encryptPushPayload(Buffer.alloc(3993, 'a'), ua), ua).length).toBe(3993)
  })
})
