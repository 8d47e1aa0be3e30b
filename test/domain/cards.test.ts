import { describe, expect, it } from 'vitest'
import { brandOf, cardDigits, expiryProblem, isCardHolder, isCardNumber, isCvv } from '../../src/domain/cards.ts'

describe('card rules', () => {
  it('reads a number typed in groups as its digits', () => {
    expect(cardDigits('4200 0000-0000 0000')).toBe('4200000000000000')
  })

  it('takes 12 to 19 digits ending in their Luhn check digit', () => {
    expect(isCardNumber('4200000000000000')).toBe(true)
    expect(isCardNumber('4200000000000001')).toBe(false)
    expect(isCardNumber('42000000000')).toBe(false)
    expect(isCardNumber('4200 0000 0000 0000')).toBe(false)
  })

  it('names the brand by the issuer prefix', () => {
    expect(brandOf('4200000000000000')).toBe('VISA')
    expect(brandOf('5454545454545454')).toBe('MASTER')
    expect(brandOf('2221000000000009')).toBe('MASTER')
    expect(brandOf('2721000000000004')).toBeUndefined()
    expect(brandOf('6011111111111117')).toBe('DISCOVER')
    expect(brandOf('6500000000000002')).toBe('DISCOVER')
    expect(brandOf('378282246310005')).toBeUndefined()
  })

  it('keeps a card valid to the end of its expiry month, and no more than 20 years ahead', () => {
    const now = { year: 2026, month: 11 }
    expect(expiryProblem({ year: 2026, month: 11 }, now)).toBeUndefined()
    expect(expiryProblem({ year: 2026, month: 10 }, now)).toBe('expired')
    expect(expiryProblem({ year: 2046, month: 11 }, now)).toBeUndefined()
    expect(expiryProblem({ year: 2046, month: 12 }, now)).toBe('tooFar')
  })

  it('takes a CVV of 3 or 4 digits and a holder of 3 to 128 characters', () => {
    expect([isCvv('123'), isCvv('1234'), isCvv('12'), isCvv('12a')]).toEqual([true, true, false, false])
    expect([isCardHolder('Abe'), isCardHolder('Al'), isCardHolder('x'.repeat(128)), isCardHolder('x'.repeat(129))]).toEqual([true, false, true, false])
  })
})
