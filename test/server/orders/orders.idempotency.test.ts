import { beforeEach, describe, expect, it } from 'vitest'
import { seed } from '../../../server/seed/seed.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine, countOrders, orderBody, postOrder } from '../helpers/orders.ts'

/** Reverses the key order of every object, so the JSON text differs while the request does not. */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([k, x]) => [k, reordered(x)]),
        )
      : value

describe('placing an order exactly once per Idempotency-Key', () => {
  let me: Awaited<ReturnType<typeof signUp>>
  const env = useAccountsApp({ seeded: true })
  beforeEach(async () => {
    me = await signUp(env.app)
  })

  const keys = async (customerId: number) =>
    (await env.t.db.query<{ n: number }>('select count(*) as n from idempotency_keys where customer_id = $1', [customerId]))[0]!.n

  it('answers a retry with the stored answer and Idempotent-Replayed: true, creating no second order', async () => {
    const body = orderBody([cartLine(1), cartLine(6)])
    const first = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    const again = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(first.status).toBe(200)
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    const [a, b] = [await first.text(), await again.text()]
    expect(b).toBe(a)
    expect(await countOrders(env.t.db, me.id)).toBe(1)
    expect(await env.t.db.query('select number from order_lines where order_id = $1 order by number', [JSON.parse(a).id])).toEqual([
      { number: 1 },
      { number: 2 },
    ])
  })

  it('treats a retry whose JSON lists the same fields in another order as the same request', async () => {
    const body = orderBody()
    const first = (await (await postOrder(env.app, me.id, body, { cookie: me.cookie })).json()) as { id: number }
    const again = await postOrder(env.app, me.id, reordered(body) as typeof body, { cookie: me.cookie })
    expect(again.status).toBe(200)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(((await again.json()) as { id: number }).id).toBe(first.id)
    expect(await countOrders(env.t.db, me.id)).toBe(1)
  })

  it('refuses the same key with a different body with 422 and leaves the first order as it was', async () => {
    const body = orderBody([cartLine(1)])
    const first = (await (await postOrder(env.app, me.id, body, { cookie: me.cookie })).json()) as { id: number; total_price: number }
    const changed = { order: { ...body.order, order_lines: [cartLine(8)] } }
    const res = await postOrder(env.app, me.id, changed, { cookie: me.cookie })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ error: 'This request was already used for a different order.' })
    expect(await countOrders(env.t.db, me.id)).toBe(1)
    const [row] = await env.t.db.query<{ total_price: number }>('select total_price from orders where id = $1', [first.id])
    expect(row?.total_price).toBe(299)
    // The original request still gets its own answer afterwards.
    expect((await postOrder(env.app, me.id, body, { cookie: me.cookie })).status).toBe(200)
  })

  it('repeats a product_unavailable answer for its key even once the product is sold again', async () => {
    const body = orderBody([cartLine(7)])
    await env.t.db.query('update products set active = false where id = 7')
    const first = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    await seed(env.t.db)
    const again = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(first.status).toBe(422)
    expect(again.status).toBe(422)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual({ error: '5G Uncapped 200Mbps is no longer available.', code: 'product_unavailable', product_id: 7 })
    expect(await countOrders(env.t.db, me.id)).toBe(0)
  })

  it('stores nothing for a request that failed validation, so the corrected one with the same key places the order', async () => {
    const body = orderBody()
    const broken = { order: { ...body.order, deliveryAddress: { ...body.order.deliveryAddress, postal_code: '80' } } }
    const refused = await postOrder(env.app, me.id, broken, { cookie: me.cookie })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'Invalid Postal Code.' })
    expect(await keys(me.id)).toBe(0)
    const placed = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(placed.status).toBe(200)
    expect(placed.headers.get('Idempotent-Replayed')).toBeNull()
  })

  it('stores nothing for a server error, so a retry with the same key can still succeed', async () => {
    const body = orderBody([cartLine(2)])
    await env.t.db.exec('alter table order_lines add constraint broken_for_test check (unit_price < 100) not valid')
    try {
      const failed = await postOrder(env.app, me.id, body, { cookie: me.cookie })
      expect(failed.status).toBe(500)
      expect(await failed.json()).toEqual({ error: 'Internal server error' })
    } finally {
      await env.t.db.exec('alter table order_lines drop constraint broken_for_test')
    }
    expect(await keys(me.id)).toBe(0)
    expect(await countOrders(env.t.db, me.id)).toBe(0)
    const retried = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(retried.status).toBe(200)
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await countOrders(env.t.db, me.id)).toBe(1)
  })

  it('creates exactly one order when eight identical requests race, and gives every one of them its answer', async () => {
    const body = orderBody([cartLine(1), cartLine(2)])
    const responses = await Promise.all(Array.from({ length: 8 }, () => postOrder(env.app, me.id, body, { cookie: me.cookie })))
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200))
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as { id: number }[]
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1)
    expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === null)).toHaveLength(1)
    expect(await countOrders(env.t.db, me.id)).toBe(1)
    expect(await env.t.db.query('select count(*) as n from order_lines where order_id = $1', [bodies[0]!.id])).toEqual([{ n: 2 }])
  })

  it('keeps keys apart per customer: the same key from two customers places two orders', async () => {
    const other = await signUp(env.app)
    const body = orderBody()
    const mine = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    const theirs = await postOrder(env.app, other.id, body, { cookie: other.cookie })
    expect([mine.status, theirs.status]).toEqual([200, 200])
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await countOrders(env.t.db, me.id)).toBe(1)
    expect(await countOrders(env.t.db, other.id)).toBe(1)
  })

  it('answers a retry that arrives after its key expired with the order already placed, not a new one', async () => {
    const body = orderBody()
    const first = (await (await postOrder(env.app, me.id, body, { cookie: me.cookie })).json()) as { id: number }
    await env.t.db.query("update idempotency_keys set created_at = now() - interval '8 days' where customer_id = $1", [me.id])
    const late = await postOrder(env.app, me.id, body, { cookie: me.cookie })
    expect(late.status).toBe(200)
    expect(((await late.json()) as { id: number }).id).toBe(first.id)
    expect(await countOrders(env.t.db, me.id)).toBe(1)
  })

  it("deletes the customer's expired keys when they next place an order", async () => {
    await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie })
    await env.t.db.query("update idempotency_keys set created_at = now() - interval '8 days' where customer_id = $1", [me.id])
    await postOrder(env.app, me.id, orderBody(), { cookie: me.cookie })
    const rows = await env.t.db.query<{ fresh: boolean }>(
      "select created_at > now() - interval '1 day' as fresh from idempotency_keys where customer_id = $1",
      [me.id],
    )
    expect(rows).toEqual([{ fresh: true }])
  })
})
