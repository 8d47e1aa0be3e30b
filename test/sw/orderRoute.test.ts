import { describe, expect, it } from 'vitest'
import { isOrderCreate, isSameOrder } from '../../sw/orderRoute.ts'

const origin = 'https://shop.example'
const at = (path: string, o = origin) => new URL(path, o)

describe('the order queue rules', () => {
  it('queues only order creation on our own origin', () => {
    expect(isOrderCreate({ method: 'POST', url: at('/api/v10/partner/order/42'), origin })).toBe(true)
    expect(isOrderCreate({ method: 'GET', url: at('/api/v10/partner/order/42'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/api/v2/users'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/api/v10/partner/order/42', 'https://other.example'), origin })).toBe(false)
  })

  it('tells the same order apart by its Idempotency-Key', () => {
    const a = new Headers({ 'Idempotency-Key': 'k1' })
    expect(isSameOrder(a, new Headers({ 'Idempotency-Key': 'k1' }))).toBe(true)
    expect(isSameOrder(a, new Headers({ 'Idempotency-Key': 'k2' }))).toBe(false)
    expect(isSameOrder(new Headers(), new Headers())).toBe(false)
  })
})
