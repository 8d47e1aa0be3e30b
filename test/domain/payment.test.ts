import { describe, expect, it } from 'vitest'
import { cardAmount, outcomeOf, outcomeOfStatus, sameAmount, statusOfOutcome, walletAmount } from '../../src/domain/payment.ts'

describe('result codes', () => {
  it.each([
    ['000.000.000', 'successful', 200],
    ['000.000.100', 'successful', 200],
    ['000.100.110', 'successful', 200],
    ['000.300.000', 'successful', 200],
    ['000.600.000', 'successful', 200],
    ['000.400.110', 'successful', 200],
    ['000.400.120', 'successful', 200],
    ['000.200.000', 'pending', 205],
    ['000.200.100', 'pending', 205],
    ['000.400.109', 'failed', 400],
    ['000.400.000', 'failed', 400],
    ['000.400.101', 'failed', 400],
    ['800.100.151', 'failed', 400],
    ['100.380.401', 'failed', 400],
    ['', 'failed', 400],
  ] as const)('%s is %s (%i)', (code, outcome, status) => {
    expect(outcomeOf(code)).toBe(outcome)
    expect(statusOfOutcome[outcomeOf(code)]).toBe(status)
    expect(outcomeOfStatus(status)).toBe(outcome)
  })

  it('knows no outcome for other statuses', () => {
    expect(outcomeOfStatus(500)).toBeNull()
  })
})

describe('payment amounts', () => {
  it('sends card amounts with two decimals and wallet amounts with ten', () => {
    expect(cardAmount(299)).toBe('299.00')
    expect(cardAmount(1299.5)).toBe('1299.50')
    expect(cardAmount(0.1 + 0.2)).toBe('0.30')
    expect(walletAmount(299)).toBe('299.0000000000')
    expect(walletAmount(99.99)).toBe('99.9900000000')
  })

  it('compares an amount to an order total to the cent', () => {
    expect(sameAmount('299.0000000000', 299)).toBe(true)
    expect(sameAmount('299.00', 299)).toBe(true)
    expect(sameAmount('298.9900000000', 299)).toBe(false)
    expect(sameAmount('not a number', 299)).toBe(false)
  })
})
