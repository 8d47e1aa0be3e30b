import { describe, expect, it } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { applyDueActions } from '../../../server/services/applyDueActions.ts'
import { signUp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByWallet, placeOrder, serviceOf } from '../helpers/portal.ts'
import { answeredService, customerWithSim, simRequest, useSimApp } from '../helpers/simActions.ts'

interface RequestRow {
  kind: string
  body: unknown
  accepted: boolean
}

describe('changes reach the network once: each queues its request in the transaction that applies it', () => {
  const env = useSimApp()
  const post = (path: string, cookie: string, body: unknown = {}) => simRequest(env.app, 'POST', path, { cookie, body })
  const requestsOf = (serviceId: number) =>
    env.t.db.query<RequestRow>(
      "select kind, body, accepted_at is not null as accepted from network_requests where service_id = $1 and kind <> 'activate' order by id",
      [serviceId],
    )

  it('asks the network for the new plan when a package change is applied on its date, not when it is scheduled', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const scheduled = await answeredService(await post(`${serviceId}/package`, me.cookie, { product_id: 3 }))
    expect(await requestsOf(serviceId)).toEqual([])
    await env.t.db.query("update products set network_plan = '4G-30' where id = 3")
    try {
      env.clock.advanceTo(new Date(new Date(scheduled.scheduled_actions[0]!.date!).getTime() + 1_000))
      await applyDueActions(env.t.db, env.clock.now(), 'test')
      expect(await requestsOf(serviceId)).toEqual([{ kind: 'change_plan', body: { plan: '4G-30' }, accepted: false }])
      // Until the network applies it, the SIM says it waits for the network.
      expect((await serviceOf(env.app, me, serviceId)).waiting).toEqual([{ kind: 'change_plan', since: expect.any(String), failed: false }])
      // Applied once: the job finds nothing more to do, and asks nothing more.
      await applyDueActions(env.t.db, env.clock.now(), 'test')
      expect(await requestsOf(serviceId)).toHaveLength(1)
    } finally {
      await env.t.db.query('update products set network_plan = null where id = 3')
    }
  })

  it("names the plan by the product's id when the network has no code of its own for it", async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const scheduled = await answeredService(await post(`${serviceId}/package`, me.cookie, { product_id: 2 }))
    env.clock.advanceTo(new Date(new Date(scheduled.scheduled_actions[0]!.date!).getTime() + 1_000))
    await applyDueActions(env.t.db, env.clock.now(), 'test')
    expect(await requestsOf(serviceId)).toEqual([{ kind: 'change_plan', body: { plan: '2' }, accepted: false }])
  })

  it('asks the network to cancel a prepaid SIM at once, and a monthly one when its scheduled cancellation is applied; asking again asks nothing more', async () => {
    const prepaid = await customerWithSim(env.app, env.t.db, 9)
    expect((await post(`${prepaid.serviceId}/cancellation`, prepaid.me.cookie)).status).toBe(200)
    expect((await post(`${prepaid.serviceId}/cancellation`, prepaid.me.cookie)).status).toBe(422)
    expect(await requestsOf(prepaid.serviceId)).toEqual([{ kind: 'cancel', body: {}, accepted: false }])

    const monthly = await customerWithSim(env.app, env.t.db, 1)
    const scheduled = await answeredService(await post(`${monthly.serviceId}/cancellation`, monthly.me.cookie))
    expect(await requestsOf(monthly.serviceId)).toEqual([])
    env.clock.advanceTo(new Date(new Date(scheduled.cancellation_date!).getTime() + 1_000))
    await applyDueActions(env.t.db, env.clock.now(), 'test')
    expect(await requestsOf(monthly.serviceId)).toEqual([{ kind: 'cancel', body: {}, accepted: false }])
  })

  it('refuses self-service on a SIM the network has not activated yet (notActive), and asks the network nothing', async () => {
    const me = await signUp(env.app)
    await payByWallet(env.app, me, await placeOrder(env.app, me, [cartLine(1)]))
    const [{ id }] = (await env.t.db.query<{ id: number }>('select id from services where customer_id = $1', [me.id])) as [{ id: number }]
    const refused = { error: serverMessages.simNotActive }
    for (const [method, path, body] of [
      ['GET', `${id}/packages`, undefined],
      ['POST', `${id}/package`, { product_id: 2 }],
      ['GET', `${id}/cancellation`, undefined],
      ['POST', `${id}/cancellation`, {}],
    ] as const) {
      const res = await simRequest(env.app, method, path, { cookie: me.cookie, ...(body ? { body } : {}) })
      expect([method, path, res.status, await res.json()]).toEqual([method, path, 409, refused])
    }
    const bundle = await env.app.request(`/api/v8/partner/services/id/${id}/bundles`, {
      method: 'POST',
      headers: { Key: 'test-key', 'Content-Type': 'application/json', Cookie: me.cookie, 'Idempotency-Key': '6b1f2c3d-1111-4222-8333-944455556666' },
      body: JSON.stringify({ purchase: { id: '6b1f2c3d-1111-4222-8333-944455556666', bundle_id: 'data-1gb' } }),
    })
    expect([bundle.status, await bundle.json()]).toEqual([409, { error: serverMessages.serviceNotActive }])
    expect(await env.t.db.query('select 1 from network_requests where service_id = $1', [id])).toEqual([])
    // Its name is the customer's own, not the network's: it can be changed while the SIM is on its way.
    const renamed = await simRequest(env.app, 'POST', `${id}/name`, {
      cookie: me.cookie,
      key: '7c2e3d4f-2222-4333-8444-a55566667777',
      body: { id: '7c2e3d4f-2222-4333-8444-a55566667777', name: 'Gogo' },
    })
    expect(renamed.status).toBe(200)
  })
})
