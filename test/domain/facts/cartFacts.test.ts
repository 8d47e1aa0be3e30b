import { describe, expect, it } from 'vitest'
import { emptyCart } from '../../../src/domain/cartState.ts'
import { applyCartFact, cartFamily } from '../../../src/domain/facts/cartFacts.ts'
import { isCartFact } from '../../../src/domain/events.ts'
import { added, cleared, fiveG, line, lte, removed, renamed } from '../../store/fixtures.ts'
import { describeFamily } from './familyContract.ts'

describeFamily(cartFamily, {
  'v1.CartLineAdded': { line: line('a') },
  'v1.CartLineRemoved': { cart_id: 'a' },
  'v1.CartLineRenamed': { cart_id: 'a', friendly_name: 'Home router' },
  'v1.CartCleared': {},
})

const fold = (...facts: Parameters<typeof applyCartFact>[1][]) => facts.reduce(applyCartFact, emptyCart())

describe('applyCartFact', () => {
  it('appends an added line and raises the total by its unit price', () => {
    const cart = fold(added('a', lte), added('b', fiveG))
    expect(cart.order_lines.map((l) => l.cart_id)).toEqual(['a', 'b'])
    expect(cart.total).toBe(299 + 1299)
  })

  it('keeps two lines of the same product apart by cart_id', () => {
    const cart = fold(added('a', lte), added('b', lte), removed('a'))
    expect(cart.order_lines.map((l) => l.cart_id)).toEqual(['b'])
    expect(cart.total).toBe(299)
  })

  it('subtracts the price of a removed line', () => {
    expect(fold(added('a', lte), added('b', fiveG), removed('b'))).toEqual({
      order_lines: [expect.objectContaining({ cart_id: 'a' })],
      total: 299,
    })
  })

  it('returns the same state when removing a line it does not hold', () => {
    const before = fold(added('a'))
    expect(applyCartFact(before, removed('nope'))).toBe(before)
  })

  it('stores the friendly name in the first config of the line only', () => {
    const cart = fold(added('a'), added('b'), renamed('a', 'Home router'))
    expect(cart.order_lines[0]?.product_configs.configs).toEqual([{ friendly_name: 'Home router', comments: 'Free text' }])
    expect(cart.order_lines[1]?.product_configs.configs[0].friendly_name).toBe('')
    expect(cart.total).toBe(598)
  })

  it('does not change the state it is given', () => {
    const before = fold(added('a'))
    const snapshot = structuredClone(before)
    applyCartFact(before, renamed('a', 'Office'))
    applyCartFact(before, added('b'))
    expect(before).toEqual(snapshot)
  })

  it('resets to the empty cart on clear', () => {
    expect(fold(added('a'), added('b', fiveG), cleared())).toEqual({ order_lines: [], total: 0 })
  })
})

describe('isCartFact', () => {
  it('recognises the four cart fact types and nothing else', () => {
    expect([added('a'), removed('a'), renamed('a', 'x'), cleared()].every(isCartFact)).toBe(true)
    expect(isCartFact({ type: 'v1.OrderQueued' })).toBe(false)
  })
})
