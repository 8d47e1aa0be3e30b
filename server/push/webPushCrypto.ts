import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto'

/** The record size written in the header: one record holds the whole message (push messages are at most 4 KB). */
const recordSize = 4096
/** Salt (16) + record size (4) + key id length (1) + the sender's public key (65). */
const headerLength = 16 + 4 + 1 + 65

export interface PushKeys {
  /** The device's P-256 public key, 65 bytes uncompressed, base64url. */
  p256dh: string
  /** The device's 16-byte auth secret, base64url. */
  auth: string
}

export interface EncryptOptions {
  /** Fixed only by tests (the RFC 8291 vector); otherwise 16 random bytes each message. */
  salt?: Uint8Array
  /** Fixed only by tests; otherwise a fresh key pair each message, as RFC 8291 asks. */
  senderKeys?: { publicKey: Uint8Array; privateKey: Uint8Array }
}

const hkdf = (salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length))

/** RFC 8291 §3.4: the input keying material from the ECDH secret, bound to both public keys by the auth secret. */
function contentKeys(ecdhSecret: Uint8Array, auth: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array, salt: Uint8Array) {
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
  const ikm = hkdf(auth, ecdhSecret, keyInfo, 32)
  return {
    key: hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12),
  }
}

/** The device's public key must be an uncompressed P-256 point: anything else is a subscription no browser made. */
function devicePublicKey(p256dh: string): Buffer {
  const key = Buffer.from(p256dh, 'base64url')
  if (key.length !== 65 || key[0] !== 4) throw new Error('the subscription key (p256dh) is not an uncompressed P-256 public key')
  return key
}

function senderEcdh(senderKeys: EncryptOptions['senderKeys']): ECDH {
  const ecdh = createECDH('prime256v1')
  if (senderKeys) ecdh.setPrivateKey(senderKeys.privateKey)
  else ecdh.generateKeys()
  return ecdh
}

/** RFC 8291 message encryption (aes128gcm content coding, RFC 8188, one record): the body of the POST to the push service. */
export function encryptPushPayload(plaintext: Uint8Array, { p256dh, auth }: PushKeys, { salt = randomBytes(16), senderKeys }: EncryptOptions = {}): Buffer {
  if (plaintext.length > recordSize - headerLength - 17) throw new Error(`a push message holds at most ${recordSize - headerLength - 17} bytes`)
  const uaPublic = devicePublicKey(p256dh)
  const ecdh = senderEcdh(senderKeys)
  const asPublic = ecdh.getPublicKey()
  const { key, nonce } = contentKeys(ecdh.computeSecret(uaPublic), Buffer.from(auth, 'base64url'), uaPublic, asPublic, salt)
  const cipher = createCipheriv('aes-128-gcm', key, nonce)
  // 0x02: the padding delimiter of the last (here the only) record.
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final(), cipher.getAuthTag()])
  const header = Buffer.alloc(21)
  Buffer.from(salt).copy(header, 0)
  header.writeUInt32BE(recordSize, 16)
  header.writeUInt8(asPublic.length, 20)
  return Buffer.concat([header, asPublic, ciphertext])
}

export interface DeviceKeys {
  /** The device's ECDH private key (32 bytes), as the sandbox push service keeps it. */
  privateKey: Uint8Array
  /** The device's auth secret, base64url. */
  auth: string
}

/** The device's side of RFC 8291, for the sandbox push service: the plaintext, or an error for a body it cannot open. */
export function decryptPushPayload(body: Uint8Array, { privateKey, auth }: DeviceKeys): Buffer {
  const bytes = Buffer.from(body)
  if (bytes.length < 21) throw new Error('the push message is shorter than its header')
  const salt = bytes.subarray(0, 16)
  const idLength = bytes.readUInt8(20)
  if (idLength !== 65 || bytes.length < 21 + idLength + 17) throw new Error('the push message has no P-256 sender key or no record')
  const asPublic = bytes.subarray(21, 21 + idLength)
  const record = bytes.subarray(21 + idLength)
  if (record.length > bytes.readUInt32BE(16)) throw new Error('the push message has more than one record')
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(privateKey)
  const { key, nonce } = contentKeys(ecdh.computeSecret(asPublic), Buffer.from(auth, 'base64url'), ecdh.getPublicKey(), asPublic, salt)
  const decipher = createDecipheriv('aes-128-gcm', key, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // Strip the padding: trailing zeros, then the 0x02 delimiter of a last record.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (end < 0 || padded[end] !== 2) throw new Error('the push message record has no last-record delimiter')
  return padded.subarray(0, end)
}
