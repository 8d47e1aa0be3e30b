import { describe, expect, it } from 'vitest'
import { splitDisplayName } from '../../../server/social/displayName.ts'

describe("a provider's display name", () => {
  it('splits into a first name and the rest', () => {
    expect(splitDisplayName('  Pieter van der Merwe ')).toEqual({ first_name: 'Pieter', last_name: 'van der Merwe' })
    expect(splitDisplayName('Thandi')).toEqual({ first_name: 'Thandi', last_name: '' })
  })

  it('keeps each part to 100 code units, as a typed name, without cutting a character in two', () => {
    const { first_name, last_name } = splitDisplayName(`${'A'.repeat(90_000)} ${'😀'.repeat(60)}`)
    expect(first_name).toBe('A'.repeat(100))
    expect(last_name).toBe('😀'.repeat(50))
  })

  it('drops bidirectional overrides and isolates, which would make the name read in another order', () => {
    expect(splitDisplayName('Thandi\u202Egnp.exe Nkosi\u2066')).toEqual({ first_name: 'Thandignp.exe', last_name: 'Nkosi' })
  })
})
