import { describe, expect, it } from 'vitest'
import { newSupportReference, SUPPORT_REFERENCE } from '../../../server/support/supportReference.ts'

describe('a support reference', () => {
  it('is SUP- and 8 upper-case base32 characters', () => {
    for (let i = 0; i < 200; i++) expect(newSupportReference()).toMatch(SUPPORT_REFERENCE)
  })

  it('spells the 40 random bits in RFC 4648 base32', () => {
    expect(newSupportReference(Uint8Array.of(0, 0, 0, 0, 0))).toBe('SUP-AAAAAAAA')
    expect(newSupportReference(Uint8Array.of(255, 255, 255, 255, 255))).toBe('SUP-77777777')
    // "fooba" is RFC 4648's own test vector: MZXW6YTB.
    expect(newSupportReference(new TextEncoder().encode('fooba'))).toBe('SUP-MZXW6YTB')
  })

  it('is rarely the same twice', () => {
    const drawn = new Set(Array.from({ length: 2000 }, () => newSupportReference()))
    expect(drawn.size).toBe(2000)
  })
})
