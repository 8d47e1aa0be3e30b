import { describe, expect, it } from 'vitest'
import { mulberry32 as seeded } from '../../e2e/chaos/random.ts'
import { thresholdDecision, thresholdsCrossed, USAGE_THRESHOLDS, type UsageThreshold } from '../../../server/push/usageThresholds.ts'

interface Row {
  threshold: UsageThreshold
  state: 'pending' | 'sent' | 'replaced'
}

/**
 * One bundle's life: readings rise by random jumps; each reading's crossed thresholds arrive as balance.low events
 * (sometimes repeated, sometimes out of order), and the outbox sends what is pending only between readings (the settle delay).
 */
function simulate(random: () => number) {
  const received: UsageThreshold[] = []
  const rows: Row[] = []
  const jumps: UsageThreshold[][] = []
  let percent = 0
  while (percent < 110 && random() < 0.95) {
    const next = Math.min(120, percent + Math.floor(random() * 70))
    const crossed = thresholdsCrossed(percent, next)
    percent = next
    if (crossed.length === 0) continue
    jumps.push(crossed)
    const events = [...crossed]
    if (random() < 0.3) events.push(crossed[Math.floor(random() * crossed.length)]!)
    if (events.length > 1 && random() < 0.3) {
      const i = Math.floor(random() * (events.length - 1))
      ;[events[i], events[i + 1]] = [events[i + 1]!, events[i]!]
    }
    for (const threshold of events) {
      if (received.includes(threshold)) continue // usage_alerts keeps one row per threshold: a repeat is nothing
      const decision = thresholdDecision(received, threshold)
      received.push(threshold)
      if (!decision.send) continue
      for (const row of rows) if (decision.replaces.includes(row.threshold) && row.state === 'pending') row.state = 'replaced'
      rows.push({ threshold, state: 'pending' })
    }
    if (random() < 0.8) for (const row of rows) if (row.state === 'pending') row.state = 'sent'
  }
  for (const row of rows) if (row.state === 'pending') row.state = 'sent'
  return { rows, jumps, highest: jumps.flat().reduce<number>((a, b) => Math.max(a, b), 0) }
}

describe('usage thresholds', () => {
  it('tells a threshold once, never a lower after a higher, and replaces lower ones not yet sent', () => {
    expect(thresholdDecision([], 50)).toEqual({ send: true, replaces: [] })
    expect(thresholdDecision([50], 80)).toEqual({ send: true, replaces: [50] })
    expect(thresholdDecision([50, 80], 100)).toEqual({ send: true, replaces: [50, 80] })
    expect(thresholdDecision([80], 80)).toEqual({ send: false, replaces: [] })
    expect(thresholdDecision([100], 50)).toEqual({ send: false, replaces: [] })
    expect(thresholdDecision([80], 50)).toEqual({ send: false, replaces: [] })
  })

  it('finds the thresholds a reading crosses, lowest first', () => {
    expect(thresholdsCrossed(0, 49)).toEqual([])
    expect(thresholdsCrossed(0, 50)).toEqual([50])
    expect(thresholdsCrossed(40, 100)).toEqual([50, 80, 100])
    expect(thresholdsCrossed(80, 99)).toEqual([])
    expect(thresholdsCrossed(79.5, 120)).toEqual([80, 100])
  })

  it('holds over random usage sequences: one per threshold, never lower after higher, the highest always sent, a jump sends only its highest', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { rows, jumps, highest } = simulate(seeded(seed))
      const context = `seed ${seed}: ${JSON.stringify({ rows, jumps })}`
      const thresholds = rows.map((r) => r.threshold)
      expect(new Set(thresholds).size, context).toBe(thresholds.length)
      expect(thresholds, context).toEqual([...thresholds].sort((a, b) => a - b))
      const sent = rows.filter((r) => r.state === 'sent').map((r) => r.threshold)
      if (highest > 0) expect(sent, context).toContain(highest)
      else expect(rows, context).toEqual([])
      for (const jump of jumps) {
        const sentOfJump = jump.filter((t) => sent.includes(t))
        expect(sentOfJump.length, context).toBeLessThanOrEqual(1)
        if (sentOfJump.length === 1) expect(sentOfJump[0], context).toBe(Math.max(...jump))
      }
      expect(USAGE_THRESHOLDS).toEqual(expect.arrayContaining(thresholds))
    }
  })
})
