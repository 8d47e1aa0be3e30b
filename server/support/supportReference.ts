import { randomBytes } from 'node:crypto'

// RFC 4648 base32: upper case, and no 0, 1, 8 or 9 to misread as O, I or B over the phone.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** A new support reference: SUP- and 8 base32 characters, i.e. 40 random bits, e.g. SUP-7K3F4Q2A. */
export function newSupportReference(bytes: Uint8Array = randomBytes(5)): string {
  if (bytes.length !== 5) throw new Error('A support reference takes 5 random bytes')
  let bits = 0n
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
  let out = ''
  for (let shift = 35n; shift >= 0n; shift -= 5n) out += alphabet[Number((bits >> shift) & 31n)]
  return `SUP-${out}`
}

export const SUPPORT_REFERENCE = /^SUP-[A-Z2-7]{8}$/
