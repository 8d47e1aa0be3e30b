import { describe, expect, it } from 'vitest'
import { latestOrders, ORDERS_SHOWN, paginate } from '../../src/features/orders/orderView.ts'

describe('the orders screen', () => {
  const orders = Array.from({ length: 23 }, (_, i) => `SO-${23 - i}`)

  it('takes the latest 20 orders (newest first) and counts the older ones', () => {
    const { shown, older } = latestOrders(orders)
    expect(ORDERS_SHOWN).toBe(20)
    expect(shown).toEqual(orders.slice(0, 20))
    expect(shown[0]).toBe('SO-23')
    expect(older).toBe(3)
    expect(latestOrders(orders.slice(0, 5))).toEqual({ shown: orders.slice(0, 5), older: 0 })
  })

  it('pages the 20 by 8: Page 3 of 3 holds the last 4', () => {
    const { shown } = latestOrders(orders)
    expect(paginate(shown, 3, 8)).toEqual({ items: shown.slice(16, 20), page: 3, pages: 3 })
    expect(paginate(shown, 9, 8).page).toBe(3)
  })
})
