import { describe, expect, it } from 'vitest'
import { addBundle } from '../../../../server/sandbox/network/addBundle.ts'
import type { BundleTarget } from '../../../../server/sandbox/network/addBundle.ts'
import { prepaidStart } from '../../../../server/sandbox/network/starterBalances.ts'

const paidAt = new Date('2026-11-26T09:00:00Z')
const prepaid = (): BundleTarget => ({
  billing: 'prepaid',
  additional_balances: prepaidStart(new Date('2026-11-01T00:00:00Z')).additional_balances,
  spend_limit_available: null,
})
const find = (target: BundleTarget, key: string) => target.additional_balances?.find((entry) => key in entry)?.[key as 'data0']

describe('addBundle', () => {
  it('adds data, minutes and SMS to the top-up balance of their kind, lasting the bundle’s days from payment', () => {
    let sim = addBundle(prepaid(), { kind: 'data', amount: 1e9, validity_days: 30 }, paidAt)
    sim = addBundle(sim, { kind: 'voice', amount: 3600, validity_days: 30 }, paidAt)
    sim = addBundle(sim, { kind: 'sms', amount: 100, validity_days: 30 }, paidAt)
    expect(find(sim, 'data0')).toEqual({ available: 1e9, meta: { expiry: '2026-12-26' } })
    expect(find(sim, 'voice0')).toEqual({ available: 3600, meta: { expiry: '2026-12-26' } })
    expect(find(sim, 'sms0')).toEqual({ available: 100, meta: { expiry: '2026-12-26' } })
    // The subscription the SIM came with is left as it was.
    expect(find(sim, 'data_sub')).toEqual(find(prepaid(), 'data_sub'))
  })

  it('adds to what is there and keeps the later of the two expiries', () => {
    const start: BundleTarget = { ...prepaid(), additional_balances: [{ data0: { available: 250, meta: { expiry: '2027-01-31' } } }] }
    expect(find(addBundle(start, { kind: 'data', amount: 1e9, validity_days: 30 }, paidAt), 'data0')).toEqual({
      available: 1e9 + 250,
      meta: { expiry: '2027-01-31' },
    })
  })

  it('creates the top-up balance a SIM lacks', () => {
    const sim = addBundle({ ...prepaid(), additional_balances: [] }, { kind: 'sms', amount: 100, validity_days: 7 }, paidAt)
    expect(sim.additional_balances).toEqual([{ sms0: { available: 100, meta: { expiry: '2026-12-03' } } }])
  })

  it('raises a monthly SIM’s data left under its spend limit, and refuses minutes for it', () => {
    const monthly: BundleTarget = { billing: 'monthly', additional_balances: null, spend_limit_available: 151_750_000_000 }
    expect(addBundle(monthly, { kind: 'data', amount: 50e9, validity_days: 30 }, paidAt).spend_limit_available).toBe(201_750_000_000)
    expect(() => addBundle(monthly, { kind: 'voice', amount: 3600, validity_days: 30 }, paidAt)).toThrow(/data bundles only/)
  })
})
