import { describe, expect, it, beforeAll } from 'vitest'
import { checkNetwork } from '../../../server/network/networkCheck.ts'
import { NetworkUnavailable } from '../../../server/network/network.ts'
import type { Network, SimReading } from '../../../server/network/network.ts'
import { activeSim } from '../helpers/activeSim.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByWallet, placeOrder, serviceOf } from '../helpers/portal.ts'

interface Sim {
  id: number
  iccid: string
  service_number: string
  imsi: string
  product_id: number
}

/** A network that reads each SIM as `readings` says (by ICCID): a reading, null (unknown), or an error. */
function readingNetwork(readings: Map<string, SimReading | null | Error>): Network {
  const refuse = () => Promise.reject(new Error('the check asks for no change'))
  return {
    source: 'enabler',
    activate: refuse,
    changePlan: refuse,
    addBundle: refuse,
    cancel: refuse,
    suspend: refuse,
    async readSim(iccid) {
      const reading = readings.get(iccid)
      if (reading instanceof Error) throw reading
      return reading ?? null
    },
  }
}

describe('the network check', () => {
  const env = useAccountsApp({ seeded: true })
  let me: Awaited<ReturnType<typeof signUp>>
  const sims: Sim[] = []
  beforeAll(async () => {
    me = await signUp(env.app)
    for (const product of [1, 9, 1, 1, 1]) {
      const id = await activeSim(env.app, env.t.db, me, product)
      const [sim] = await env.t.db.query<Sim>('select id, iccid, service_number, imsi, product_id from services where id = $1', [id])
      sims.push(sim!)
    }
  })

  it('keeps every active SIM’s reading with its time, and warns once per SIM that differs, naming what differs and never a number', async () => {
    const [same, prepaid, otherwise, unknown, unreadable] = sims as [Sim, Sim, Sim, Sim, Sim]
    const readAt = new Date(Date.now() + 60_000).toISOString()
    const reading = (sim: Sim, more: Partial<SimReading> = {}): SimReading => ({
      iccid: sim.iccid,
      msisdn: sim.service_number,
      imsi: sim.imsi,
      status: 'active',
      plan: String(sim.product_id),
      read_at: readAt,
      ...more,
    })
    const usage = { total_usage: 7e9, peak_usage: 5e9, offpeak_usage: 2e9, spend_limit_available: 3e9 }
    const balances = { available_balance: 12, data_available_volume: 1e9, additional_balances: [{ data_sub: { available: 1e9 } }] }
    // A preparing SIM (paid, not yet activated) is not the network's to read.
    await payByWallet(env.app, me, await placeOrder(env.app, me, [cartLine(1)]))
    const network = readingNetwork(
      new Map<string, SimReading | null | Error>([
        [same.iccid, reading(same, { usage })],
        [prepaid.iccid, reading(prepaid, { balances })],
        [otherwise.iccid, reading(otherwise, { status: 'suspended', plan: '4G-99', msisdn: '0829990000', usage })],
        [unknown.iccid, null],
        [unreadable.iccid, new NetworkUnavailable('503 Service Unavailable', 30)],
      ]),
    )
    const { log, entries } = captureLog()
    const run = await checkNetwork(env.t.db, network, log)
    expect(run).toEqual({ checked: 4, differing: 1, unknown: 1, unread: 1 })

    expect(await serviceOf(env.app, me, same.id)).toMatchObject({ read_at: readAt, ...usage })
    expect(await serviceOf(env.app, me, prepaid.id)).toMatchObject({ read_at: readAt, ...balances })
    const warnings = entries().filter((e) => e.level === 40)
    expect(warnings).toEqual([
      expect.objectContaining({ msg: 'network check: the network holds this SIM otherwise than we do', serviceId: otherwise.id }),
      expect.objectContaining({ msg: 'network check: the network knows no SIM with this ICCID', serviceId: unknown.id }),
      expect.objectContaining({ msg: 'network check: the network could not be read for this SIM', serviceId: unreadable.id }),
    ])
    expect(warnings[0]).toMatchObject({
      differences: { status: { ours: 'active', network: 'suspended' }, plan: { ours: '1', network: '4G-99' }, number: true },
      waiting: [],
    })
    const written = JSON.stringify(entries())
    for (const sim of sims) for (const personal of [sim.iccid, sim.service_number, sim.imsi]) expect(written).not.toContain(personal)
    expect(written).not.toContain('0829990000')
  })

  it('never takes an older reading over a later one', async () => {
    const [sim] = sims as [Sim]
    const before = await serviceOf(env.app, me, sim.id)
    const stale = new Date(Date.parse(before.read_at!) - 3_600_000).toISOString()
    const network = readingNetwork(
      new Map([
        [
          sim.iccid,
          {
            iccid: sim.iccid,
            msisdn: sim.service_number,
            imsi: sim.imsi,
            status: 'active' as const,
            plan: '1',
            read_at: stale,
            usage: { total_usage: 1, peak_usage: 1, offpeak_usage: 0, spend_limit_available: 1 },
          },
        ],
      ]),
    )
    await checkNetwork(env.t.db, network, captureLog().log)
    expect(await serviceOf(env.app, me, sim.id)).toMatchObject({ read_at: before.read_at, total_usage: before.total_usage })
  })
})
