import { afterEach, describe, expect, it, vi } from 'vitest'
import { answeredAt, pageAnsweredAt } from '../../src/api/answeredAt.ts'
import { SENT_TIMING } from '../../src/domain/sentTiming.ts'
import { fetchCatalogue } from '../../src/api/productCatalogue.ts'
import { createOrder, fetchOrder, fetchOrders } from '../../src/api/orders.ts'
import { toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { line, lte } from '../store/fixtures.ts'

const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }

const now = Date.parse('2026-11-25T12:00:00.000Z')

describe('when an answer was made', () => {
  it("is the server's Date, so a copy kept offline keeps its age", () => {
    expect(answeredAt('Sun, 22 Nov 2026 10:00:00 GMT', now)).toBe('2026-11-22T10:00:00.000Z')
  })

  it('is never later than the device thinks it is (a device clock behind the server’s)', () => {
    expect(answeredAt('Wed, 25 Nov 2026 12:05:00 GMT', now)).toBe('2026-11-25T12:00:00.000Z')
  })

  it('is now without a date, or with one that is no date', () => {
    expect(answeredAt(null, now)).toBe('2026-11-25T12:00:00.000Z')
    expect(answeredAt('yesterday', now)).toBe('2026-11-25T12:00:00.000Z')
  })

  it("is, for the page itself, what the server's Server-Timing says", () => {
    const timing = (entries: Array<{ name: string; description: string }>) => ({
      getEntriesByType: (type: string) => (type === 'navigation' ? [{ serverTiming: entries }] : []) as never,
    })
    expect(
      pageAnsweredAt(
        timing([
          { name: 'total', description: '' },
          { name: SENT_TIMING, description: 'Sun, 22 Nov 2026 10:00:00 GMT' },
        ]),
      ),
    ).toBe('2026-11-22T10:00:00.000Z')
    const before = Date.now()
    expect(Date.parse(pageAnsweredAt(timing([])))).toBeGreaterThanOrEqual(before)
    expect(Date.parse(pageAnsweredAt({ getEntriesByType: () => [] }))).toBeGreaterThanOrEqual(before)
  })
})

describe('the answers the device keeps', () => {
  const date = 'Sun, 22 Nov 2026 10:00:00 GMT'
  const order = {
    id: 41,
    order_id: 41,
    number: 'SO-000041',
    order_number: null,
    status: 'Payment not Completed',
    orderDate: '2026-11-22T09:00:00Z',
    order_date: null,
    total_price: 299,
    order_lines: [],
  }
  const answer = (body: unknown, status = 200) =>
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', date } }))

  afterEach(() =>
    vi.stubGlobal('fetch', (input: unknown) => {
      throw new Error(`Unhandled network request in a unit test: ${String(input)}`)
    }),
  )

  it('are dated by the server: orders, one order, a new order and the catalogue', async () => {
    answer({ orders: [order] })
    expect(await fetchOrders(7)).toEqual({ body: [order], fetchedAt: '2026-11-22T10:00:00.000Z' })
    answer(order)
    expect((await fetchOrder(41)).fetchedAt).toBe('2026-11-22T10:00:00.000Z')
    answer(order, 201)
    const request = toCreateOrderRequest('0b9f7c1e-2c4a-4a51-9a8e-000000000001', { order_lines: [line('a')], total: 299 }, address)
    expect(await createOrder(7, request)).toMatchObject({ kind: 'created', fetchedAt: '2026-11-22T10:00:00.000Z' })
    answer({ products: [lte] })
    expect(await fetchCatalogue()).toEqual({ body: [lte], fetchedAt: '2026-11-22T10:00:00.000Z' })
  })
})
