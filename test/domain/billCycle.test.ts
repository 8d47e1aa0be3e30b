import { describe, expect, it } from 'vitest'
import { currentCycle, cycleStart, nextCycleStart } from '../../src/domain/billCycle.ts'

const at = (iso: string) => new Date(iso)

describe('bill cycles', () => {
  it('starts a monthly SIM’s cycles on its activation day each month, on South Africa’s calendar', () => {
    const activated = at('2026-09-27T08:15:00.000Z')
    expect(cycleStart(activated, 'monthly', 1).toISOString()).toBe('2026-10-27T08:15:00.000Z')
    expect(cycleStart(activated, 'monthly', 4).toISOString()).toBe('2027-01-27T08:15:00.000Z')
    // 23:30 UTC on 30 November is 1 December in South Africa: its cycles start on the 1st there.
    expect(cycleStart(at('2026-11-30T23:30:00.000Z'), 'monthly', 1).toISOString()).toBe('2026-12-31T23:30:00.000Z')
  })

  it('moves a day the month lacks to its last day', () => {
    const activated = at('2027-01-31T10:00:00.000Z')
    expect(cycleStart(activated, 'monthly', 1).toISOString()).toBe('2027-02-28T10:00:00.000Z')
    expect(cycleStart(activated, 'monthly', 2).toISOString()).toBe('2027-03-31T10:00:00.000Z')
    expect(cycleStart(at('2028-01-30T10:00:00.000Z'), 'monthly', 1).toISOString()).toBe('2028-02-29T10:00:00.000Z')
  })

  it('runs a prepaid SIM’s cycles every 30 days', () => {
    expect(cycleStart(at('2026-11-01T12:00:00.000Z'), 'prepaid', 2).toISOString()).toBe('2026-12-31T12:00:00.000Z')
  })

  it('knows the cycle running now and when the next one starts', () => {
    const activated = at('2026-09-27T08:15:00.000Z')
    expect(currentCycle(activated, 'monthly', at('2026-09-28T00:00:00.000Z'))).toBe(0)
    expect(currentCycle(activated, 'monthly', at('2026-10-27T08:15:00.000Z'))).toBe(1)
    expect(currentCycle(activated, 'monthly', at('2027-09-27T08:14:59.000Z'))).toBe(11)
    expect(nextCycleStart(activated, 'monthly', at('2026-11-26T09:00:00.000Z')).toISOString()).toBe('2026-11-27T08:15:00.000Z')
    expect(nextCycleStart(activated, 'monthly', at('2026-11-27T08:15:00.000Z')).toISOString()).toBe('2026-12-27T08:15:00.000Z')
    expect(nextCycleStart(activated, 'prepaid', at('2026-09-27T08:15:00.000Z')).toISOString()).toBe('2026-10-27T08:15:00.000Z')
  })
})
