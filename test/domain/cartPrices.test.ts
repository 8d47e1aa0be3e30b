import { describe, expect, it } from 'vitest'
import { cartAtCatalogue } from '../../src/domain/cartPrices.ts'
import { emptyCart, type CartState } from '../../src/domain/cartState.ts'
import { applyCartFact } from '../../src/domain/facts/cartFacts.ts'
import { toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { added, fiveG, lte } from '../store/fixtures.ts'
import { address } from '../store/orderFixtures.ts'

const cartOf = (...facts: ReturnType<typeof added>[]): CartState => facts.reduce(applyCartFact, emptyCart())

describe('a cart line whose price changed in the catalogue', () => {
  it('leaves the cart as it is while every line costs what it was added at', () => {
    const cart = cartOf(added('a', lte), added('b', fiveG))
    const priced = cartAtCatalogue(cart, [lte, fiveG])
    expect(priced.cart).toBe(cart)
    expect(priced.changes.size).toBe(0)
  })

  it('takes the catalogue price, names the old and the new one, and sums the total again', () => {
    const cart = cartOf(added('a', lte), added('b', fiveG), added('c', lte))
    const priced = cartAtCatalogue(cart, [{ ...lte, unit_price: 349.5 }, fiveG])
    expect(priced.cart.order_lines.map((l) => [l.cart_id, l.unit_price])).toEqual([
      ['a', 349.5],
      ['b', 1299],
      ['c', 349.5],
    ])
    expect(priced.cart.total).toBe(1998)
    expect([...priced.changes]).toEqual([
      ['a', { was: 299, now: 349.5 }],
      ['c', { was: 299, now: 349.5 }],
    ])
    // What the customer added stays as it was: only what is shown and ordered follows the catalogue.
    expect(cart.order_lines.map((l) => l.unit_price)).toEqual([299, 1299, 299])
  })

  it('tells of a price that went down as well as up', () => {
    const priced = cartAtCatalogue(cartOf(added('a', fiveG)), [{ ...fiveG, unit_price: 999 }])
    expect(priced.changes.get('a')).toEqual({ was: 1299, now: 999 })
    expect(priced.cart.total).toBe(999)
  })

  it('keeps the price a line was added at when the catalogue does not list its product, or is not read yet', () => {
    const cart = cartOf(added('a', lte), added('b', fiveG))
    expect(cartAtCatalogue(cart, []).cart).toBe(cart)
    const withoutFiveG = cartAtCatalogue(cart, [{ ...lte, unit_price: 300 }])
    expect(withoutFiveG.cart.order_lines.map((l) => l.unit_price)).toEqual([300, 1299])
    expect([...withoutFiveG.changes.keys()]).toEqual(['a'])
  })

  it('sees no change in a price that differs by less than a cent (float noise)', () => {
    const cart = cartOf(added('a', { ...lte, unit_price: 0.1 + 0.2 }))
    expect(cartAtCatalogue(cart, [{ ...lte, unit_price: 0.3 }]).changes.size).toBe(0)
  })

  it('places the order at the prices the cart shows', () => {
    const cart = cartOf(added('a', lte), added('b', fiveG))
    const priced = cartAtCatalogue(cart, [{ ...lte, unit_price: 319 }, fiveG])
    const { order } = toCreateOrderRequest('3f0c2a52-7c1e-4d5e-9a43-0f1b2c3d4e5f', priced.cart, address)
    expect(order.order_lines.map((l) => l.unit_price)).toEqual([319, 1299])
    expect(order.total).toBe(1618)
  })
})
