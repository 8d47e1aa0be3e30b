import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { canPay, CreateOrderRequestSchema, DELIVERY_DEFAULTS, ORDER_STATUS_NEW, OrderSchema, statusLook } from '../../src/domain/order.ts'
import { toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { fiveG, line, lte } from '../store/fixtures.ts'

const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }
const id = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'

describe('statusLook', () => {
  it.each([
    ['Payment not Completed', 'initial'],
    ['QUEUED FOR DELIVERY', 'initial'],
    ['created', 'initial'],
    ['Cancelled', 'cancelled'],
    ['order cancelled', 'cancelled'],
    ['Active', 'approved'],
    [' active ', 'approved'],
  ] as const)('%s looks %s', (status, look) => {
    expect(statusLook(status)).toBe(look)
  })

  it('paying is offered only for a new order', () => {
    expect(canPay(ORDER_STATUS_NEW)).toBe(true)
    expect(canPay('payment not completed')).toBe(true)
    expect(canPay('Active')).toBe(false)
  })
})

describe('the create-order body', () => {
  it('carries the cart lines, their total, the address, the delivery defaults and the partner', () => {
    const request = toCreateOrderRequest(id, { order_lines: [line('a', lte), line('b', fiveG)], total: 1598 }, address)
    expect(v.is(CreateOrderRequestSchema, request)).toBe(true)
    expect(request.order).toMatchObject({ id, total: 1598, delivery: DELIVERY_DEFAULTS })
    expect(request.order.deliveryAddress).toMatchObject({ ...address, country: 'South Africa', suburb: '', gps_coordinates: null })
    expect(request.order.partner.agent_email).toContain('@')
  })

  it('refuses an empty cart and an invalid address', () => {
    expect(() => toCreateOrderRequest(id, { order_lines: [], total: 0 }, address)).toThrow()
    expect(() => toCreateOrderRequest(id, { order_lines: [line('a')], total: 299 }, { ...address, postal_code: '80' })).toThrow('Invalid Postal Code.')
  })

  it('bounds what a customer types into an order: friendly name 100, delivery instructions and comments 500', () => {
    const request = toCreateOrderRequest(id, { order_lines: [line('a', lte)], total: 799 }, address)
    const issue = (change: (r: typeof request) => void) => {
      const copy = structuredClone(request)
      change(copy)
      const result = v.safeParse(CreateOrderRequestSchema, copy)
      return result.success ? undefined : result.issues[0].message
    }
    expect(issue((r) => (r.order.delivery.instructions = 'i'.repeat(500)))).toBeUndefined()
    expect(issue((r) => (r.order.delivery.instructions = 'i'.repeat(501)))).toBe('Delivery instructions must be at most 500 characters.')
    expect(issue((r) => (r.order.order_lines[0]!.product_configs.configs[0].comments = 'c'.repeat(501)))).toBe('Comments must be at most 500 characters.')
    expect(issue((r) => (r.order.order_lines[0]!.product_configs.configs[0].friendly_name = 'f'.repeat(101)))).toBe(
      'Friendly name must be at most 100 characters.',
    )
  })

  it('reads a server order with its lines', () => {
    const order = v.parse(OrderSchema, {
      id: 5,
      order_id: 5,
      number: 'SO-000005',
      order_number: 'SO-000005',
      status: ORDER_STATUS_NEW,
      orderDate: '2025-03-01T08:00:00Z',
      order_date: '2025-03-01T08:00:00Z',
      total_price: 299,
      order_lines: [{ number: 1, product_id: 11, name: 'LTE', unit_price: 299, status: 'new' }],
    })
    expect(order.order_lines[0]?.name).toBe('LTE')
  })
})
