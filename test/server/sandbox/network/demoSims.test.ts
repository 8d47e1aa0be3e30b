import { beforeAll, describe, expect, it } from 'vitest'
import { idNumberKeyOf } from '../../../../server/accounts/idNumberSeal.ts'
import { activationOf } from '../../../../server/network/networkOutbox.ts'
import { sandboxNetworkPrefix } from '../../../../server/sandbox/network/sandbox.ts'
import { DEMO_CUSTOMER } from '../../../../server/seed/demoCustomer.ts'
import { seedSandbox } from '../../../../server/seed/seed.ts'
import { testScryptN, useAccountsApp } from '../../helpers/accounts.ts'

interface DemoSimRow {
  id: number
  service_reference: string
  billing: 'prepaid' | 'monthly'
  life: string
  iccid: string
  service_number: string
  imsi: string
  network: string
  read_at: Date
  activated_at: Date
  available_balance: number | null
  additional_balances: unknown
  total_usage: number | null
  spend_limit_available: number | null
}

describe('the demo customer’s SIMs on the sandbox network', () => {
  const env = useAccountsApp()
  let sims: DemoSimRow[]

  beforeAll(async () => {
    await seedSandbox(env.t.db, { scryptN: testScryptN })
    sims = await env.t.db.query<DemoSimRow>(
      `select s.id, s.service_reference, s.billing, s.life, s.iccid, s.service_number, s.imsi, s.network, s.read_at, s.activated_at,
         s.available_balance, s.additional_balances, s.total_usage, s.spend_limit_available
       from services s join customers c on c.id = s.customer_id where lower(c.email) = $1 order by s.id`,
      [DEMO_CUSTOMER.email],
    )
  })

  it('are active through the same events as any SIM: dispatched, RICA verified, activated, then the usage reported', async () => {
    expect(sims).toHaveLength(2)
    for (const sim of sims) {
      expect(sim).toMatchObject({ life: 'active', network: 'sandbox' })
      const events = await env.t.db.query<{ type: string }>('select type from sim_events where service_id = $1 order by occurred_at, id', [sim.id])
      expect(events.map((e) => e.type)).toEqual(['sim.dispatched', 'rica.verified', 'sim.activated', 'usage.reported', 'usage.reported'])
      const [activation] = await env.t.db.query<{ applied: boolean }>(
        "select applied_at is not null as applied from network_requests where service_id = $1 and kind = 'activate'",
        [sim.id],
      )
      expect(activation).toEqual({ applied: true })
    }
  })

  it('carry the sandbox network’s ICCID, number and IMSI, and the balances and usage it holds', async () => {
    for (const sim of sims) {
      const [held] = await env.t.db.query<{ iccid: string; msisdn: string; imsi: string; balances: unknown; usage: unknown; read_at: Date; status: string }>(
        'select iccid, msisdn, imsi, balances, usage, read_at, status from sandbox_network_sims where reference = $1',
        [sim.service_reference],
      )
      expect(held).toMatchObject({ iccid: sim.iccid, msisdn: sim.service_number, imsi: sim.imsi, status: 'active' })
      expect(held!.read_at.getTime()).toBe(sim.read_at.getTime())
      if (sim.billing === 'prepaid') {
        expect(held!.balances).toMatchObject({ available_balance: sim.available_balance, additional_balances: sim.additional_balances })
        expect(held!.usage).toBeNull()
      } else {
        expect(held!.usage).toMatchObject({ total_usage: sim.total_usage, spend_limit_available: sim.spend_limit_available })
        expect(held!.balances).toBeNull()
      }
    }
  })

  it('do nothing again when the outbox sends their activation (its key is the one the sandbox took)', async () => {
    const sim = sims[0]!
    const [request] = await env.t.db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
      "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
      [sim.id],
    )
    await env.app.network.activate(await activationOf(env.t.db, request!, idNumberKeyOf({})), request!.idempotency_key)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const [after] = await env.t.db.query<{ service_number: string; events: number }>(
      'select service_number, (select count(*)::int from sim_events where service_id = $1) as events from services where id = $1',
      [sim.id],
    )
    expect(after).toEqual({ service_number: sim.service_number, events: 5 })
  })

  it('are listed among the sandbox network’s active SIMs on its page', async () => {
    const html = await (await env.app.request(sandboxNetworkPrefix)).text()
    for (const sim of sims) expect(html).toContain(`${sim.service_number} (${sim.service_reference})</h3>`)
    expect(html).toContain('No SIM is waiting on fulfilment.')
  })
})
