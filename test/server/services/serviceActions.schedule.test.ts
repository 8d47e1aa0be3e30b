import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { applyDueActions } from '../../../server/services/applyDueActions.ts'
import { nextCycleStart } from '../../../src/domain/billCycle.ts'
import { CancellationQuoteSchema, PackagesAnswerSchema } from '../../../src/domain/serviceActions.ts'
import { signUp } from '../helpers/accounts.ts'
import { billingOf, serviceOf } from '../helpers/portal.ts'
import { answeredService, customerWithSim, simRequest, useSimApp } from '../helpers/simActions.ts'

describe('package changes, cancellations and undo', () => {
  const env = useSimApp()
  const get = (path: string, cookie: string) => simRequest(env.app, 'GET', path, { cookie })
  const post = (path: string, cookie: string, body: unknown = {}) => simRequest(env.app, 'POST', path, { cookie, body })
  const undo = (serviceId: number, actionId: number, cookie: string) => simRequest(env.app, 'DELETE', `${serviceId}/scheduled_actions/${actionId}`, { cookie })
  const applyDue = () => applyDueActions(env.t.db, env.clock.now(), 'test')
  const nextCycle = async (serviceId: number, cookie: string) => {
    const service = await serviceOf(env.app, { id: 0, cookie }, serviceId)
    return nextCycleStart(new Date(service.activation_date), 'monthly', env.clock.now())
  }

  it('offers the other packages of the SIM’s kind (same network, same billing) cheapest first, from the next bill cycle', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const res = await get(`${serviceId}/packages`, me.cookie)
    expect(res.status).toBe(200)
    const quote = v.parse(PackagesAnswerSchema, await res.json())
    expect(quote.current).toMatchObject({ product_id: 1, name: '4G Uncapped 10Mbps', unit_price: 299 })
    expect(quote.current_price).toBe(299)
    expect(quote.billing).toBe('monthly')
    expect(quote.packages.map((p) => [p.product_id, p.unit_price])).toEqual([
      [2, 399],
      [3, 479],
      [4, 599],
    ])
    expect(quote.effective_date).toBe((await nextCycle(serviceId, me.cookie)).toISOString())
    // Each package's wording in the other languages, for the dialog in the customer's language.
    expect(quote.current.texts?.xh).toEqual({ name: '4G Uncapped 10Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-10Mbps' })
    expect(quote.packages.find((p) => p.product_id === 4)?.texts?.af?.speed).toBe('Beste moontlike spoed, tot 100Mbps')
    const prepaid = await customerWithSim(env.app, env.t.db, 9)
    const none = v.parse(PackagesAnswerSchema, await (await get(`${prepaid.serviceId}/packages`, prepaid.me.cookie)).json())
    expect(none.packages).toEqual([])
  })

  it('schedules a package change that the SIM lists with its date and new price, one at a time', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const res = await post(`${serviceId}/package`, me.cookie, { product_id: 3 })
    expect(res.status).toBe(200)
    const service = await answeredService(res)
    const due = (await nextCycle(serviceId, me.cookie)).toISOString()
    expect(service.product_id).toBe(1)
    expect(service.scheduled_actions).toEqual([
      expect.objectContaining({ kind: 'plan_change', date: due, product_id: 3, product: '4G Uncapped 30Mbps', unit_price: 479, id: expect.any(Number) }),
    ])
    expect(service.scheduled_actions[0]!.name).toMatch(/^Package change to 4G Uncapped 30Mbps on \d{4}-\d\d-\d\d$/)
    const second = await post(`${serviceId}/package`, me.cookie, { product_id: 2 })
    expect([second.status, await second.json()]).toEqual([
      409,
      { error: 'A package change is already scheduled for this SIM. Undo it to choose another package.' },
    ])
  })

  it('refuses a package of another kind, the same package, a body that names none, and another customer’s SIM', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    for (const productId of [1, 6, 9, 999]) {
      const res = await post(`${serviceId}/package`, me.cookie, { product_id: productId })
      expect([res.status, await res.json()], String(productId)).toEqual([422, { error: 'This package cannot be chosen for this SIM.' }])
    }
    for (const body of [{}, { product_id: 'two' }, { product_id: 2.5 }]) {
      const res = await post(`${serviceId}/package`, me.cookie, body)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe('Choose a package.')
    }
    const other = await signUp(env.app)
    for (const [method, path] of [
      ['GET', 'packages'],
      ['POST', 'package'],
      ['GET', 'cancellation'],
      ['POST', 'cancellation'],
    ] as const) {
      const res = await simRequest(env.app, method, `${serviceId}/${path}`, { cookie: other.cookie, ...(method === 'POST' ? { body: { product_id: 2 } } : {}) })
      expect([res.status, await res.json()], `${method} ${path}`).toEqual([403, { error: 'You can only change your own services.' }])
    }
    expect((await serviceOf(env.app, me, serviceId)).scheduled_actions).toEqual([])
  })

  it('takes a scheduled change back until its date, once; after the date it is refused', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const scheduled = await answeredService(await post(`${serviceId}/package`, me.cookie, { product_id: 2 }))
    const actionId = scheduled.scheduled_actions[0]!.id!
    const other = await signUp(env.app)
    expect((await undo(serviceId, actionId, other.cookie)).status).toBe(403)
    const undone = await undo(serviceId, actionId, me.cookie)
    expect(undone.status).toBe(200)
    expect((await answeredService(undone)).scheduled_actions).toEqual([])
    expect((await undo(serviceId, actionId, me.cookie)).status).toBe(200)
    expect((await undo(serviceId, 999_999, me.cookie)).status).toBe(404)

    const again = await answeredService(await post(`${serviceId}/package`, me.cookie, { product_id: 4 }))
    env.clock.advanceTo(again.scheduled_actions[0]!.date!)
    const late = await undo(serviceId, again.scheduled_actions[0]!.id!, me.cookie)
    expect([late.status, await late.json()]).toEqual([409, { error: 'This action has already taken effect and can no longer be undone.' }])
  })

  it('applies a package change on its date: the SIM is on the new package and the bills charge its price from that cycle', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const due = await nextCycle(serviceId, me.cookie)
    await post(`${serviceId}/package`, me.cookie, { product_id: 4 })
    expect(await applyDue()).toEqual([])
    env.clock.advanceTo(due)
    const applied = await applyDue()
    expect(applied.filter((a) => a.serviceId === serviceId)).toEqual([expect.objectContaining({ kind: 'plan_change' })])
    const service = await serviceOf(env.app, me, serviceId)
    expect([service.product_id, service.product, service.subscriptions, service.scheduled_actions]).toEqual([
      4,
      '4G Uncapped Max',
      [{ name: '4G Uncapped Max' }],
      [],
    ])
    env.clock.advanceBy(40 * 86_400_000)
    const charges = (await billingOf(env.app, me)).filter((r) => r.type === 'Subscription')
    expect(charges.map((r) => r.debit)).toEqual([599, 599])
    expect(charges[0]!.date).toBe(due.toISOString())
  })

  it('bills each started cycle of a monthly SIM after the first at the price of its package then', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 2)
    expect((await billingOf(env.app, me)).filter((r) => r.type === 'Subscription')).toEqual([])
    const due = await nextCycle(serviceId, me.cookie)
    env.clock.advanceTo(due)
    const [charge, ...rest] = (await billingOf(env.app, me)).filter((r) => r.type === 'Subscription')
    expect(rest).toEqual([])
    expect(charge).toMatchObject({ date: due.toISOString(), debit: 399, credit: 0, status: 'Billed', reference: expect.stringMatching(/^SVC-\d{6}-01$/) })
  })

  it('schedules a monthly cancellation for the end of the bill cycle, and on that date the SIM is cancelled (900) and billed no more', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const end = await nextCycle(serviceId, me.cookie)
    const quote = v.parse(CancellationQuoteSchema, await (await get(`${serviceId}/cancellation`, me.cookie)).json())
    expect(quote).toEqual({ billing: 'monthly', immediate: false, effective_date: end.toISOString(), wallet_balance: null })
    const scheduled = await answeredService(await post(`${serviceId}/cancellation`, me.cookie))
    expect(scheduled.status).toBe(0)
    expect(scheduled.cancellation_date).toBe(end.toISOString())
    expect(scheduled.scheduled_actions).toEqual([expect.objectContaining({ kind: 'cancellation', date: end.toISOString() })])
    expect((await answeredService(await post(`${serviceId}/cancellation`, me.cookie))).scheduled_actions).toHaveLength(1)
    const change = await post(`${serviceId}/package`, me.cookie, { product_id: 2 })
    expect([change.status, await change.json()]).toEqual([409, { error: 'A cancellation is already scheduled for this SIM.' }])

    env.clock.advanceTo(end)
    await applyDue()
    const cancelled = await serviceOf(env.app, me, serviceId)
    expect([cancelled.status, cancelled.cancellation_date, cancelled.scheduled_actions]).toEqual([900, end.toISOString(), []])
    for (const [method, path] of [
      ['GET', 'packages'],
      ['GET', 'cancellation'],
      ['POST', 'cancellation'],
    ] as const) {
      const res = await simRequest(env.app, method, `${serviceId}/${path}`, { cookie: me.cookie, ...(method === 'POST' ? { body: {} } : {}) })
      expect([res.status, await res.json()], path).toEqual([422, { error: 'This SIM is cancelled and can no longer be changed.' }])
    }
    env.clock.advanceBy(70 * 86_400_000)
    expect((await billingOf(env.app, me)).filter((r) => r.type === 'Subscription')).toEqual([])
  })

  it('cancels a prepaid SIM at once, telling first what is left in its wallet', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 9)
    await env.t.db.query('update services set available_balance = 35.5 where id = $1', [serviceId])
    const quote = v.parse(CancellationQuoteSchema, await (await get(`${serviceId}/cancellation`, me.cookie)).json())
    expect(quote).toMatchObject({ billing: 'prepaid', immediate: true, wallet_balance: 35.5 })
    const cancelled = await answeredService(await post(`${serviceId}/cancellation`, me.cookie))
    expect(cancelled.status).toBe(900)
    expect(cancelled.scheduled_actions).toEqual([])
    expect(Date.parse(cancelled.cancellation_date!)).toBeLessThanOrEqual(env.clock.now().getTime())
  })

  it('takes back a scheduled cancellation: the SIM stays active past the date', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 1)
    const scheduled = await answeredService(await post(`${serviceId}/cancellation`, me.cookie))
    const action = scheduled.scheduled_actions[0]!
    const undone = await answeredService(await undo(serviceId, action.id!, me.cookie))
    expect([undone.cancellation_date, undone.scheduled_actions]).toEqual([null, []])
    env.clock.advanceTo(action.date!)
    await applyDue()
    expect((await serviceOf(env.app, me, serviceId)).status).toBe(0)
  })

  it('applies each due action once when three instances run the job at the same moment', async () => {
    const sims = await Promise.all([1, 2, 3, 5, 6].map((product) => customerWithSim(env.app, env.t.db, product)))
    for (const [i, { me, serviceId }] of sims.entries())
      await (i % 2 ? post(`${serviceId}/cancellation`, me.cookie) : post(`${serviceId}/package`, me.cookie, { product_id: i === 0 ? 2 : i === 2 ? 4 : 7 }))
    env.clock.advanceBy(62 * 86_400_000)
    const now = env.clock.now()
    const runs = await Promise.all(['a', 'b', 'c'].map((by) => applyDueActions(env.t.db, now, by)))
    const ids = runs.flat().map((a) => a.id)
    expect(new Set(ids).size).toBe(ids.length)
    const ours = runs.flat().filter((a) => sims.some((s) => s.serviceId === a.serviceId))
    expect(ours).toHaveLength(sims.length)
    const [left] = await env.t.db.query<{ n: number }>("select count(*)::int as n from service_actions where status = 'scheduled' and due_at <= $1", [now])
    expect(left!.n).toBe(0)
  })
})
