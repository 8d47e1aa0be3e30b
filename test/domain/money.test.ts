import { describe, expect, it } from 'vitest'
import { formatRand } from '../../src/domain/money.ts'

const NBSP = '\u00a0'

describe('formatRand in English', () => {
  it('shows a whole rand amount without decimals', () => {
    expect(formatRand(299, 'en')).toBe('R299')
  })

  it('groups thousands with the en-ZA no-break space, so R1 299 never wraps', () => {
    expect(formatRand(1299, 'en')).toBe(`R1${NBSP}299`)
    expect(formatRand(1234567, 'en')).toBe(`R1${NBSP}234${NBSP}567`)
  })

  it('shows cents with two decimals after a point', () => {
    expect(formatRand(99.5, 'en')).toBe('R99.50')
    expect(formatRand(1299.99, 'en')).toBe(`R1${NBSP}299.99`)
  })

  it('rounds to the cent so float noise never shows', () => {
    expect(formatRand(0.1 + 0.2, 'en')).toBe('R0.30')
    expect(formatRand(299.004, 'en')).toBe('R299')
  })

  it('shows zero as R0', () => {
    expect(formatRand(0, 'en')).toBe('R0')
  })

  it("puts the minus before the R for an amount in the customer's favour", () => {
    expect(formatRand(-50, 'en')).toBe('-R50')
    expect(formatRand(-1299.5, 'en')).toBe(`-R1${NBSP}299.50`)
    expect(formatRand(-0.001, 'en')).toBe('R0')
  })
})

describe('formatRand in Afrikaans', () => {
  it('keeps R and whole amounts as in English (R299 p/m stays R299)', () => {
    expect(formatRand(299, 'af')).toBe('R299')
    expect(formatRand(1299, 'af')).toBe(`R1${NBSP}299`)
  })

  it('writes cents after a decimal comma, as af-ZA does', () => {
    expect(formatRand(99.5, 'af')).toBe('R99,50')
    expect(formatRand(1299.99, 'af')).toBe(`R1${NBSP}299,99`)
    expect(formatRand(-1299.5, 'af')).toBe(`-R1${NBSP}299,50`)
  })
})

describe('formatRand in isiXhosa', () => {
  it('writes amounts the South African way, as CLDR xh does: no-break space groups, decimal point', () => {
    expect(formatRand(299, 'xh')).toBe('R299')
    expect(formatRand(1299.99, 'xh')).toBe(`R1${NBSP}299.99`)
    expect(formatRand(-50.5, 'xh')).toBe('-R50.50')
  })

  it('does not depend on the engine knowing xh-ZA (Chromium does not): it is formatted with en-ZA data', () => {
    expect(formatRand(1234567.5, 'xh')).toBe(formatRand(1234567.5, 'en'))
  })
})

describe('formatRand for a language the app does not know', () => {
  it('falls back to English', () => {
    expect(formatRand(1299.5, 'zu')).toBe(`R1${NBSP}299.50`)
  })
})
