import { describe, expect, it } from 'vitest'
import { formatRand } from '../../src/domain/money.ts'

const NBSP = '\u00a0'

describe('formatRand', () => {
  it('shows a whole rand amount without decimals', () => {
    expect(formatRand(299)).toBe('R299')
  })

  it('groups thousands with the en-ZA no-break space, so R1 299 never wraps', () => {
    expect(formatRand(1299)).toBe(`R1${NBSP}299`)
    expect(formatRand(1234567)).toBe(`R1${NBSP}234${NBSP}567`)
  })

  it('shows cents with two decimals after a point', () => {
    expect(formatRand(99.5)).toBe('R99.50')
    expect(formatRand(1299.99)).toBe(`R1${NBSP}299.99`)
  })

  it('rounds to the cent so float noise never shows', () => {
    expect(formatRand(0.1 + 0.2)).toBe('R0.30')
    expect(formatRand(299.004)).toBe('R299')
  })

  it('shows zero as R0', () => {
    expect(formatRand(0)).toBe('R0')
  })

  it('puts the minus before the R for an amount in the customer\'s favour', () => {
    expect(formatRand(-50)).toBe('-R50')
    expect(formatRand(-1299.5)).toBe(`-R1${NBSP}299.50`)
    expect(formatRand(-0.001)).toBe('R0')
  })
})
