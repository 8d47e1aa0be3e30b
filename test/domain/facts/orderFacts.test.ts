import { describe, expect, it } from 'vitest'
import { applyOrderFact, noLocalOrders, orderFamily, type LocalOrders } from '../../../src/domain/facts/orderFacts.ts'
import type { OrderFact } from '../../../src/domain/events.ts'
import { toCreateOrderRequest } from '../../../src/features/orders/orderRequest.ts'
import type { Order } from '../../../src/domain/order.ts'
import { line } from '../../store/fixtures.ts'
import { describeFamily } from './familyContract.ts'

const clientId = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'
const request = toCreateOrderRequest(
  clientId,
  { order_lines: [line('a')], total: 299 },
  {
    street_number: '1',
    street_name: 'Main Road',
    city: 'Durban',
    province: 'KwaZulu-Natal',
    postal_code: '4001',
  },
)
const order: Order = {
  id: 9,
  order_id: 9,
  number: 'SO-000009',
  order_number: 'SO-000009',
  status: 'Payment not Completed',
  orderDate: '2025-03-01',
  order_date: null,
  total_price: 299,
  order_lines: [],
}

describeFamily(orderFamily, {
  'v1.OrderPlaced': { order: request.order, customerId: 3 },
  'v1.OrderAcknowledged': { clientId, order: { ...order, order_lines: [{ number: 1, product_id: 11, name: 'LTE', unit_price: 299, status: '' }] } },
  'v1.OrderRejected': { clientId, reason: 'gone', status: 422 },
  'v1.OrderReturnedToCart': { clientId },
})

const stamp = (body: OrderFact, id = crypto.randomUUID()) => ({ ...body, id, occurredAt: '2025-03-01T08:00:00.000Z' })
const fold = (...facts: OrderFact[]): LocalOrders => facts.reduce((s, f) => applyOrderFact(s, stamp(f)), noLocalOrders())
const placed: OrderFact = { type: 'v1.OrderPlaced', payload: { order: request.order, customerId: 3 } }

describe('the local orders projection', () => {
  it('shows a placed order as waiting with its lines and total', () => {
    expect(fold(placed).orders).toMatchObject([{ clientId, customerId: 3, state: 'waiting', total: 299, server: null }])
  })

  it('folds the same placement once', () => {
    expect(fold(placed, placed).orders).toHaveLength(1)
  })

  it('an acknowledgement gives it the server order', () => {
    expect(fold(placed, { type: 'v1.OrderAcknowledged', payload: { clientId, order } }).orders[0]).toMatchObject({
      state: 'sent',
      server: { number: 'SO-000009' },
    })
  })

  it('a rejection keeps the reason; a later acknowledgement still wins', () => {
    const rejected = fold(placed, { type: 'v1.OrderRejected', payload: { clientId, reason: 'gone', status: 422 } })
    expect(rejected.orders[0]).toMatchObject({ state: 'rejected', reason: 'gone' })
    const late = applyOrderFact(rejected, stamp({ type: 'v1.OrderAcknowledged', payload: { clientId, order } }))
    expect(late.orders[0]?.state).toBe('sent')
    const ignored = applyOrderFact(late, stamp({ type: 'v1.OrderRejected', payload: { clientId, reason: 'x', status: 400 } }))
    expect(ignored.orders[0]?.state).toBe('sent')
  })

  it('putting the lines back in the cart is remembered', () => {
    expect(fold(placed, { type: 'v1.OrderReturnedToCart', payload: { clientId } }).orders[0]?.returnedToCart).toBe(true)
  })
})
