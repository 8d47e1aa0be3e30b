import { describe, expect, it, vi } from 'vitest'
import { idNumberKeyOf } from '../../../../server/accounts/idNumberSeal.ts'
import { activationOf } from '../../../../server/network/networkOutbox.ts'
import { sandboxNetworkPrefix } from '../../../../server/sandbox/network/sandbox.ts'
import { useAccountsApp } from '../../helpers/accounts.ts'
import { cartLine } from '../../helpers/orders.ts'
import { payByCard, placeOrder } from '../../helpers/portal.ts'

const PREPAID = 9

/**
 * The sandbox network as the server runs it (networkFor, mounted at /sandbox/network, its events to the webhook in
 * process): the courier's steps on its page move the storefront's SIM, and the activation the storefront asks for
 * gives it the sandbox's number and balances.
 */
describe('the sandbox network behind the storefront', () => {
  const env = useAccountsApp({ seeded: true, customer: true })

  async function paidSim() {
    const order = await placeOrder(env.app, env.me, [cartLine(PREPAID)])
    await payByCard(env.app, env.me, order)
    const [row] = await env.t.db.query<{ id: number; service_reference: string }>('select id, service_reference from services where order_id = $1', [order.id])
    return row!
  }

  const sim = async (id: number) =>
    (
      await env.t.db.query<Record<string, unknown>>(
        `select life, delivery_attempt, courier, tracking_reference, rica_failure, iccid, service_number, network, read_at,
           additional_balances, (select count(*)::int from usage_alerts where service_id = $1) as alerts
         from services where id = $1`,
        [id],
      )
    )[0]!

  const act = async (fields: Record<string, string | number>) => {
    const res = await env.app.request(sandboxNetworkPrefix, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    })
    expect(res.status).toBe(303)
  }

  /** What the network outbox does with the activation RICA queued: send it, with its key, through the app's network. */
  async function sendActivation(serviceId: number) {
    const [request] = await env.t.db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
      "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
      [serviceId],
    )
    expect(request).toBeDefined()
    await env.app.network.activate(await activationOf(env.t.db, request!, idNumberKeyOf({})), request!.idempotency_key)
    // Sent twice (a retry after a lost answer): the sandbox does it once.
    await env.app.network.activate(await activationOf(env.t.db, request!, idNumberKeyOf({})), request!.idempotency_key)
  }

  it('pay, dispatch, RICA verified, activation: active with the sandbox’s number and balances', async () => {
    const { id, service_reference: reference } = await paidSim()
    await act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW100' })
    const [dispatched] = await env.t.db.query<{ iccid: string }>('select iccid from sandbox_network_sims where reference = $1', [reference])
    expect(await sim(id)).toMatchObject({ life: 'on_its_way', courier: 'Fastway', tracking_reference: 'FW100', iccid: dispatched!.iccid })
    await act({ action: 'rica_verified', reference, attempt: 1 })
    expect(await sim(id)).toMatchObject({ life: 'activating' })
    await sendActivation(id)
    const [number] = await env.t.db.query<{ msisdn: string }>('select msisdn from sandbox_network_sims where reference = $1', [reference])
    await vi.waitFor(async () => expect(await sim(id)).toMatchObject({ life: 'active', service_number: number!.msisdn, network: 'sandbox' }))
    await vi.waitFor(async () => expect((await sim(id)).read_at).not.toBeNull())
    const data = (await sim(id)).additional_balances as Array<Record<string, { available: number }>>
    expect(data.find((b) => b.data_sub)?.data_sub?.available).toBe(2e9)
    expect(await env.t.db.query("select 1 from sandbox_network_calls where path = '/v1/activations'")).toHaveLength(2)

    // The page now lists it with the active SIMs; using data crosses 50 % of the 2 GB bundle at 1.5 GB.
    for (let i = 0; i < 3; i++) await act({ action: 'use_data', iccid: dispatched!.iccid })
    expect(await sim(id)).toMatchObject({ alerts: 1 })
  })

  it('pay, dispatch, RICA failed: the customer’s SIM says why; dispatched again it is on its way on attempt 2', async () => {
    const { id, service_reference: reference } = await paidSim()
    await act({ action: 'dispatch', reference, courier: 'Fastway', tracking_reference: 'FW200' })
    await act({ action: 'rica_failed', reference, attempt: 1, reason: 'proof_of_address' })
    expect(await sim(id)).toMatchObject({ life: 'rica_failed', rica_failure: 'proof_of_address' })
    expect(await env.t.db.query("select 1 from network_requests where service_id = $1 and kind = 'activate'", [id])).toHaveLength(0)
    await act({ action: 'dispatch_again', reference, attempt: 1, courier: 'Fastway', tracking_reference: 'FW201' })
    expect(await sim(id)).toMatchObject({ life: 'on_its_way', delivery_attempt: 2, tracking_reference: 'FW201' })
    await act({ action: 'return', reference })
    expect(await sim(id)).toMatchObject({ life: 'returned' })
  })
})
