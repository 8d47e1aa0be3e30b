import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { OrderSchema, OrdersResponseSchema } from '../../../src/domain/order.ts'
import { call, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'

describe('reading orders back', () => {
  const env = useAccountsApp({ seeded: true })

  const place = async (customer: { id: number; cookie: string }, lines = [cartLine(1)]) => {
    const res = await postOrder(env.app, customer.id, orderBody(lines), { cookie: customer.cookie })
    if (res.status !== 200) throw new Error(`placing an order failed with ${res.status}: ${await res.text()}`)
    return v.parse(OrderSchema, await res.json())
  }
  const get = (path: string, cookie?: string) => env.app.request(`/api${path}`, call('GET', undefined, cookie ? { cookie } : {}))

  describe('GET /api/v2/partner/order/{order_id}', () => {
    it('answers 200 with the same order, numbered lines and all, that creating it answered', async () => {
      const me = await signUp(env.app)
      const placed = await place(me, [cartLine(8, { unit_price: 0 }), cartLine(4)])
      const res = await get(`/v2/partner/order/${placed.id}`, me.cookie)
      expect(res.status).toBe(200)
      const order = v.parse(OrderSchema, await res.json())
      expect(order).toEqual(placed)
      expect(order.order_lines.map((l) => [l.number, l.name, l.unit_price])).toEqual([
        [1, '5G Uncapped Pro', 899],
        [2, '4G Uncapped Max', 599],
      ])
    })

    it("answers 403 for another customer's order and shows nothing of it", async () => {
      const owner = await signUp(env.app)
      const placed = await place(owner)
      const me = await signUp(env.app)
      const res = await get(`/v2/partner/order/${placed.id}`, me.cookie)
      expect(res.status).toBe(403)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: 'You can only view your own orders.' })
      expect(text).not.toContain(placed.number)
    })

    it('answers 404 JSON for an order that does not exist or an id that is not a number', async () => {
      const me = await signUp(env.app)
      for (const id of ['999999', 'SO-000001']) {
        const res = await get(`/v2/partner/order/${id}`, me.cookie)
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({ error: 'Order not found.' })
      }
    })

    it('answers 401 without a session', async () => {
      const me = await signUp(env.app)
      const placed = await place(me)
      const res = await get(`/v2/partner/order/${placed.id}`)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Not signed in.' })
    })
  })

  describe('GET /api/v2/partner/orders/{user_id}', () => {
    it("lists only the customer's own orders, newest first, each with its lines", async () => {
      const me = await signUp(env.app)
      const other = await signUp(env.app)
      const first = await place(me, [cartLine(1)])
      await place(other, [cartLine(2)])
      const second = await place(me, [cartLine(5), cartLine(6)])
      const res = await get(`/v2/partner/orders/${me.id}`, me.cookie)
      expect(res.status).toBe(200)
      const { orders } = v.parse(OrdersResponseSchema, await res.json())
      expect(orders).toEqual([second, first])
      expect(orders[0]?.order_lines).toHaveLength(2)
    })

    it('answers an empty list for a customer who has ordered nothing yet', async () => {
      const me = await signUp(env.app)
      const res = await get(`/v2/partner/orders/${me.id}`, me.cookie)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ orders: [] })
    })

    it("answers 403 for another customer's list", async () => {
      const me = await signUp(env.app)
      const other = await signUp(env.app)
      await place(other)
      const res = await get(`/v2/partner/orders/${other.id}`, me.cookie)
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'You can only view your own orders.' })
    })

    it('answers 401 without a session', async () => {
      const me = await signUp(env.app)
      const res = await get(`/v2/partner/orders/${me.id}`)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: 'Not signed in.' })
    })
  })
})
