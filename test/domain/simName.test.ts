import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { RenameSimRequestSchema, simNameLength, simNameProblem } from '../../src/domain/simName.ts'

describe('the SIM name rule', () => {
  it('takes 1 to 40 characters once trimmed, counted as a person counts them', () => {
    for (const name of ['A', 'Home Wi-Fi', 'x'.repeat(40), `  ${'y'.repeat(40)}  `, '📱'.repeat(40), 'Ntombi se foon 🇿🇦'])
      expect(simNameProblem(name), name).toBeNull()
    expect(simNameLength('  📱 Home  ')).toBe(6)
  })

  it('names the rule a bad name breaks, one message at a time', () => {
    expect(simNameProblem('')).toBe('Enter a name for the SIM.')
    expect(simNameProblem(' \t ')).toBe('Enter a name for the SIM.')
    expect(simNameProblem('x'.repeat(41))).toBe('The SIM name can be at most 40 characters.')
    expect(simNameProblem('bad\u0000name')).toBe('SIM name contains characters that cannot be saved.')
  })

  it('counts code units as well as graphemes: 40 family emoji (11 code units each) are too long', () => {
    const family = '👨‍👩‍👧‍👦'
    expect(family.length).toBe(11)
    expect(simNameLength(family.repeat(40))).toBe(40)
    expect(simNameProblem(family.repeat(40))).toBe('The SIM name is too long: use fewer emoji or symbols.')
    expect(simNameProblem(family.repeat(9))).toBeNull()
    expect(simNameProblem('x'.repeat(41))).toBe('The SIM name can be at most 40 characters.')
  })

  it('refuses the text direction controls that make a name read in another order', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(simNameProblem(`Home${control}iF-iW`), control.codePointAt(0)?.toString(16)).toBe('The SIM name cannot contain text direction control characters.')
    // Right-to-left letters themselves are names like any other.
    expect(simNameProblem('بيت')).toBeNull()
  })

  it('sends the trimmed name with a UUID id', () => {
    const id = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'
    expect(v.parse(RenameSimRequestSchema, { id, name: ' Car ' })).toEqual({ id, name: 'Car' })
    expect(v.safeParse(RenameSimRequestSchema, { id: 'x', name: 'Car' }).success).toBe(false)
  })
})
