import { beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { OrderSchema, PARTNER, ProductUnavailableSchema } from '../../../src/domain/order.ts'
import { seed } from '../../../server/seed/seed.ts'
import { accountsApp, address, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine, countOrders, orderBody, postOrder } from '../helpers/orders.ts'

describe('POST /api/v10/partner/order/{user_id}', () => {
  let me: Awaited<ReturnType<typeof signUp>>
  const env = useAccountsApp({ seeded: true })
  beforeEach(async () => {
    me = await signUp(env.app)
  })

  it("creates the order with the catalogue's prices and total, not the ones the client sent", async () => {
    const body = orderBody([cartLine(1, { unit_price: 1, name: 'Cheap' }), cartLine(5, { unit_price: 2 })], { total: 3 })
    const before = Date.now()
    const res = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('Idempotent-Replayed')).toBeNull()
    const order = v.parse(OrderSchema, await res.json())
    expect(order.total_price).toBe(299 + 549)
    expect(order.order_lines).toEqual([
      { number: 1, product_id: 1, name: '4G Uncapped 10Mbps', unit_price: 299, status: 'Payment not Completed' },
      { number: 2, product_id: 5, name: '5G Uncapped 50Mbps', unit_price: 549, status: 'Payment not Completed' },
    ])
    const [row] = await env.t.db.query<{ total_price: number; customer_id: number }>('select total_price, customer_id from orders where id = $1', [order.id])
    expect(row).toEqual({ total_price: 848, customer_id: me.id })
    expect(new Date(order.orderDate).getTime()).toBeGreaterThanOrEqual(before - 1000)
  })

  it('answers with the new order\'s id, an SO- number and status "Payment not Completed" under both spellings', async () => {
    const res = await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie })
    const order = (await res.json()) as Record<string, unknown>
    expect(order).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      number: expect.stringMatching(/^SO-\d{6,}$/),
      order_number: order.number,
      status: 'Payment not Completed',
      orderDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      order_date: order.orderDate,
      total_price: 299,
      order_lines: [{ number: 1, product_id: 1, name: '4G Uncapped 10Mbps', unit_price: 299, status: 'Payment not Completed' }],
    })
  })

  it('numbers each new order one after the last', async () => {
    const first = (await (await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie })).json()) as { number: string }
    const second = (await (await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie })).json()) as { number: string }
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1)
  })

  it('stores the delivery address, the delivery defaults and the configured partner whatever the client sent', async () => {
    const partner = { id: 'portal-7', comments: 'Cape Town portal', agent_email: 'agent@reseller.co.za' }
    const portal = accountsApp(env.t.db, { partner })
    const delivery = { type: 'express', time: 'Weekday mornings', instructions: 'Ring twice', sales_channel: 'APP', rica_type: 'store' }
    const body = orderBody([cartLine(2)], { delivery, partner: { id: 999, comments: 'me', agent_email: 'me@example.co.za' } })
    const res = await postOrder(portal, me.id, body, { cookie: me.cookie })
    const { id } = (await res.json()) as { id: number }
    const [row] = await env.t.db.query('select delivery_address, delivery, partner from orders where id = $1', [id])
    expect(row).toEqual({
      delivery_address: address(),
      delivery: { type: 'scheduled', time: 'Weekday mornings', instructions: 'Ring twice', sales_channel: 'WEB', rica_type: 'courier' },
      partner,
    })
  })

  it("books orders to the client's sandbox partner when no partner is configured", async () => {
    const res = await postOrder(env.app, me.id, orderBody([cartLine(2)], { partner: { id: 999, comments: '', agent_email: '' } }), { cookie: me.cookie })
    const { id } = (await res.json()) as { id: number }
    const [row] = await env.t.db.query<{ partner: unknown }>('select partner from orders where id = $1', [id])
    expect(row?.partner).toEqual(PARTNER)
  })

  it('answers 400 and creates nothing when the Idempotency-Key header is missing', async () => {
    const res = await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie, key: null })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Missing Idempotency-Key header.' })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
  })

  it('answers 400 when the Idempotency-Key is not a UUID', async () => {
    const res = await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie, key: 'order-1' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'The Idempotency-Key header must be a UUID.' })
  })

  it("answers 400 when the order's id is not its Idempotency-Key", async () => {
    const res = await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie, key: crypto.randomUUID() })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'order.id must equal the Idempotency-Key header.' })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
  })

  it("answers 400 with the spec's message for a delivery address without a street name", async () => {
    const res = await postOrder(env.app, me.id, orderBody([cartLine(1)], { deliveryAddress: { ...address(), street_name: '  ' } }), { cookie: me.cookie })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] }
    expect(body.error).toBe('Street name is required.')
    expect(body.issues).toContainEqual({ path: 'order.deliveryAddress.street_name', message: 'Street name is required.' })
  })

  it('answers 400 for an order without lines', async () => {
    const res = await postOrder(env.app, me.id, orderBody([]), { cookie: me.cookie })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'order.order_lines' })] })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
  })

  it('answers 401 without a session', async () => {
    const res = await postOrder(env.app, me.id, orderBody())
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in.' })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
  })

  it("answers 403 for another customer's user id and places nothing for either of them", async () => {
    const other = await signUp(env.app)
    const res = await postOrder(env.app, other.id, orderBody(), { cookie: me.cookie })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'You can only place orders for yourself.' })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
    expect(await countOrders(env.t.db, other.id)).toBe(0)
  })

  it('answers 422 product_unavailable, naming the product, when a line is no longer sold', async () => {
    await env.t.db.query('update products set active = false where id = 3')
    try {
      const res = await postOrder(env.app, me.id, orderBody([cartLine(1), cartLine(3)]), { cookie: me.cookie })
      expect(res.status).toBe(422)
      expect(v.parse(ProductUnavailableSchema, await res.json())).toEqual({
        error: '4G Uncapped 30Mbps is no longer available.',
        code: 'product_unavailable',
        product_id: 3,
      })
      expect(await countOrders(env.t.db, me.id)).toBe(0)
    } finally {
      await seed(env.t.db)
    }
  })

  it('answers 422 product_unavailable with the name the client knew for a product the catalogue never had', async () => {
    const res = await postOrder(env.app, me.id, orderBody([cartLine(4242, { name: 'Fibre 1Gbps' })]), { cookie: me.cookie })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ error: 'Fibre 1Gbps is no longer available.', code: 'product_unavailable', product_id: 4242 })
  })
})
