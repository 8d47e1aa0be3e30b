import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * ID numbers (SA ID or passport) are special personal information (POPIA s26 treats them with care; RICA s40 makes us
 * keep them): sealed at rest with AES-256-GCM under ID_NUMBER_KEY, so a copy of the database or a backup shows none.
 * A sealed value is one version byte, the 12-byte nonce, the 16-byte tag, then the ciphertext.
 */

/** The demo's key: public (it is in the source), so production refuses it unless SANDBOX=true. */
export const demoIdNumberKey = 'a1ed7af551345d51148b4e3731e523ecb089e806f4310a3e1115695531d73587'

const version = 1
const nonceLength = 12
const tagLength = 16

/** The key ID_NUMBER_KEY gives (64 hex digits), the demo's when unset. */
export const idNumberKeyOf = (settings: { idNumberKey?: string }): Buffer => Buffer.from(settings.idNumberKey || demoIdNumberKey, 'hex')

export function sealIdNumber(number: string, key: Buffer): Buffer {
  const nonce = randomBytes(nonceLength)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  const sealed = Buffer.concat([cipher.update(number, 'utf8'), cipher.final()])
  return Buffer.concat([Buffer.of(version), nonce, cipher.getAuthTag(), sealed])
}

/** The number again; throws when the key is not the one it was sealed with or the value was altered. */
export function unsealIdNumber(sealed: Uint8Array, key: Buffer): string {
  const bytes = Buffer.from(sealed)
  if (bytes[0] !== version) throw new Error('Not a sealed ID number')
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 1 + nonceLength))
  decipher.setAuthTag(bytes.subarray(1 + nonceLength, 1 + nonceLength + tagLength))
  return Buffer.concat([decipher.update(bytes.subarray(1 + nonceLength + tagLength)), decipher.final()]).toString('utf8')
}
