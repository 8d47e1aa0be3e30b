import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { OrderSchema, OrdersResponseSchema } from '../../../src/domain/order.ts'
import { activateSim } from '../helpers/activeSim.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { getApi, payByWallet, placeOrder } from '../helpers/portal.ts'

const named = (productId: number, friendly_name: string) =>
  cartLine(productId, { product_configs: { value_adds: [], configs: [{ friendly_name, comments: 'Free text' }] } })

describe("an order's SIMs and where each is on its way", () => {
  const env = useAccountsApp({ seeded: true })

  it('names no SIM before payment, then each SIM of a paid order with its life, in the order and in the list of orders', async () => {
    const me = await signUp(env.app)
    const order = await placeOrder(env.app, me, [named(1, 'Home'), named(9, 'Phone')])
    const read = async () => v.parse(OrderSchema, await (await getApi(env.app, `/v2/partner/order/${order.id}`, me.cookie)).json())
    expect(await read()).not.toHaveProperty('services')
    await payByWallet(env.app, me, order)
    const paid = await read()
    expect(paid.services).toEqual([
      { id: expect.any(Number), name: 'Home', life: expect.objectContaining({ state: 'preparing', attempt: 1, courier: null, tracking_reference: null }) },
      { id: expect.any(Number), name: 'Phone', life: expect.objectContaining({ state: 'preparing' }) },
    ])
    await activateSim(env.t.db, paid.services![0]!.id)
    const [home, phone] = (await read()).services!
    expect(home!.life).toMatchObject({ state: 'active', courier: 'Test Courier', tracking_reference: `TR${home!.id}` })
    expect(phone!.life.state).toBe('preparing')
    const listed = v.parse(OrdersResponseSchema, await (await getApi(env.app, `/v2/partner/orders/${me.id}`, me.cookie)).json()).orders
    expect(listed.find((o) => Number(o.id) === order.id)?.services?.map((s) => s.life.state)).toEqual(['active', 'preparing'])
  })
})
