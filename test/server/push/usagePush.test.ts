import { describe, expect, it } from 'vitest'
import { sandboxEvent } from '../../../server/sandbox/network/events.ts'
import { sandboxNetworkPrefix } from '../../../server/sandbox/network/sandbox.ts'
import { USAGE_SETTLE_MS } from '../../../server/push/usageThresholds.ts'
import { activeSim, applyEvents } from '../helpers/activeSim.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { pushRowsOf, subscribeDevice } from '../helpers/push.ts'

const PREPAID = 9

/**
 * Usage alerts from the sandbox network as a tester makes them: "Use data" on its page spends a prepaid SIM's 2 GB
 * bundle, the network reports each threshold crossed (balance.low) to the storefront's webhook in process, and the
 * storefront queues the alerts in the transaction that records each.
 */
describe('usage alerts (balance.low) from the sandbox network', () => {
  const env = useAccountsApp({ seeded: true })

  const spendData = async (iccid: string, megabytes: number) => {
    const res = await env.app.request(sandboxNetworkPrefix, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'use_data', iccid, megabytes: String(megabytes) }).toString(),
    })
    expect(res.status).toBe(303)
  }

  /** A customer with an active prepaid SIM, two devices wanting usage alerts (one in Afrikaans), and one that does not. */
  async function simWithDevices() {
    const me = await signUp(env.app)
    const serviceId = await activeSim(env.app, env.t.db, me, PREPAID)
    const devices = [
      await subscribeDevice(env.t.db, me.id, { categories: ['usage'], language: 'af' }),
      await subscribeDevice(env.t.db, me.id, { categories: ['usage'] }),
    ]
    await subscribeDevice(env.t.db, me.id, { categories: ['payments', 'services'] })
    const [sim] = await env.t.db.query<{ iccid: string }>('select iccid from services where id = $1', [serviceId])
    return { me, serviceId, devices, iccid: sim!.iccid }
  }

  const state = (row: { failed_at: Date | null; last_error: string | null }) => (row.failed_at ? row.last_error : 'due')

  it('the page offers "Use data" with an amount for an active SIM', async () => {
    const { iccid } = await simWithDevices()
    const html = await (await env.app.request(sandboxNetworkPrefix)).text()
    expect(html).toContain(`<label for="use-${iccid}">Data to use (MB)</label>`)
    expect(html).toMatch(new RegExp(`<input id="use-${iccid}" name="megabytes" type="number"[^>]*>`))
    expect(html).toContain('>Use data</button>')
  })

  it('a jump past 50 and 80 percent sends only 80; crossing 100 later replaces the 80 not yet sent', async () => {
    const { me, serviceId, devices, iccid } = await simWithDevices()
    await spendData(iccid, 1700) // 85 % of the 2 GB bundle: the network reports 50, then 80
    const afterJump = await pushRowsOf(env.t.db, me.id)
    expect(afterJump.map((r) => [r.kind, r.subscription_id, state(r)])).toEqual([
      ['usage_50', devices[0], 'replaced by a higher threshold'],
      ['usage_50', devices[1], 'replaced by a higher threshold'],
      ['usage_80', devices[0], 'due'],
      ['usage_80', devices[1], 'due'],
    ])
    // One topic per bundle, so the push service also replaces an undelivered lower alert; each waits out the settle delay.
    expect(new Set(afterJump.map((r) => r.topic)).size).toBe(1)
    const eighty = afterJump.filter((r) => r.kind === 'usage_80')
    for (const row of eighty) {
      expect(row.urgency).toBe('normal')
      expect(row.next_attempt_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(USAGE_SETTLE_MS - 1_000) // the clocks of node and the database
      expect(JSON.parse(row.payload).notification.navigate).toMatch(new RegExp(`/service/${serviceId}$`))
    }
    expect(JSON.parse(eighty[0]!.payload).notification.body).toContain('80% van sy data gebruik')

    await spendData(iccid, 100) // 90 %: no threshold
    expect(await pushRowsOf(env.t.db, me.id)).toHaveLength(4)
    await spendData(iccid, 300) // 105 %: 100 percent
    const rows = await pushRowsOf(env.t.db, me.id)
    expect(rows.map((r) => [r.kind, state(r)])).toEqual([
      ['usage_50', 'replaced by a higher threshold'],
      ['usage_50', 'replaced by a higher threshold'],
      ['usage_80', 'replaced by a higher threshold'],
      ['usage_80', 'replaced by a higher threshold'],
      ['usage_100', 'due'],
      ['usage_100', 'due'],
    ])
    expect(rows.at(-1)!.urgency).toBe('high')
  })

  it('a lower threshold arriving after a higher one, or a repeat, sends nothing', async () => {
    const { me, iccid } = await simWithDevices()
    const at = new Date()
    const low = (threshold: 50 | 80 | 100, id: string) =>
      sandboxEvent('balance.low', { iccid }, { bundle: 'data0-latecomer', threshold, read_at: at.toISOString() }, at, id)
    await applyEvents(env.t.db, [low(80, 'late-80')])
    await applyEvents(env.t.db, [low(50, 'late-50'), low(80, 'late-80-again')])
    expect((await pushRowsOf(env.t.db, me.id)).map((r) => [r.kind, state(r)])).toEqual([
      ['usage_80', 'due'],
      ['usage_80', 'due'],
    ])
  })
})
