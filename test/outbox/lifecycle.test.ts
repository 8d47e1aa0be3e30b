import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { backoffMs, belongsTo, CONNECTION_RETRY_CAP_MS, claim, isDue, nextWake, settle, type OutboxEntry } from '../../src/outbox/lifecycle.ts'

const now = new Date('2025-03-01T08:00:00.000Z')
const pending: OutboxEntry = { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null, customerId: 7 }

describe('outbox lifecycle', () => {
  it('a new entry is pending and due at once', () => {
    expect(isDue(pending, now)).toBe(true)
  })

  it('claiming an entry marks it sending and counts the attempt', () => {
    expect(claim(pending)).toEqual({ ...pending, status: 'sending', attempts: 1 })
  })

  it('a 2xx answer acknowledges it', () => {
    const done = settle(claim(pending), { kind: 'answered', status: 200 }, now)
    expect(done.status).toBe('acknowledged')
    expect(isDue(done, now, true)).toBe(false)
  })

  it('a 4xx answer rejects it with the reason and it is never retried', () => {
    const done = settle(claim(pending), { kind: 'answered', status: 422 }, now, 'LTE is no longer available.')
    expect(done).toMatchObject({ status: 'rejected', lastError: 'LTE is no longer available.', nextAttemptAt: null })
    expect(isDue(done, new Date(now.getTime() + 3_600_000), true)).toBe(false)
  })

  it('no answer or a 5xx waits to retry with a growing backoff', () => {
    const first = settle(claim(pending), { kind: 'no-answer', error: 'Failed to fetch' }, now)
    expect(first).toMatchObject({ status: 'retrying', lastError: 'Failed to fetch', nextAttemptAt: '2025-03-01T08:00:02.000Z' })
    expect(isDue(first, now)).toBe(false)
    expect(isDue(first, new Date(now.getTime() + 2_000))).toBe(true)
    const second = settle(claim(first), { kind: 'answered', status: 503 }, now)
    expect(second).toMatchObject({ status: 'retrying', attempts: 2, nextAttemptAt: '2025-03-01T08:00:04.000Z' })
  })

  it('without an answer the wait stops growing at the connection cap; a server that asks to wait is waited for longer', () => {
    const tried = (times: number): OutboxEntry => ({ ...pending, status: 'sending', attempts: times })
    const waitAfter = (entry: OutboxEntry) => Date.parse(entry.nextAttemptAt as string) - now.getTime()
    expect([1, 2, 3, 4, 10].map((n) => waitAfter(settle(tried(n), { kind: 'no-answer', error: 'offline' }, now)))).toEqual([
      2_000,
      4_000,
      8_000,
      CONNECTION_RETRY_CAP_MS,
      CONNECTION_RETRY_CAP_MS,
    ])
    expect(waitAfter(settle(tried(10), { kind: 'answered', status: 503 }, now))).toBe(backoffMs(10))
    expect(backoffMs(10)).toBeGreaterThan(CONNECTION_RETRY_CAP_MS)
  })

  it('the connection coming back sends a waiting entry before its backoff ends', () => {
    const waiting = settle(claim(pending), { kind: 'no-answer', error: 'offline' }, now)
    expect(isDue(waiting, now, true)).toBe(true)
  })

  it('an expired session, a concurrent replay and rate limits are retried, not rejected', () => {
    for (const status of [401, 409, 429]) expect(settle(claim(pending), { kind: 'answered', status }, now).status).toBe('retrying')
  })

  it('a Retry-After longer than the backoff sets the next attempt; a shorter one does not hurry it', () => {
    const told = settle(claim(pending), { kind: 'answered', status: 429, retryAfterMs: 60_000 }, now)
    expect(told.nextAttemptAt).toBe(new Date(now.getTime() + 60_000).toISOString())
    const short = settle(claim(pending), { kind: 'answered', status: 503, retryAfterMs: 500 }, now)
    expect(short.nextAttemptAt).toBe(new Date(now.getTime() + 2_000).toISOString())
  })

  it('an answered entry stays as it was, whatever outcome comes late', () => {
    const acknowledged = settle(claim(pending), { kind: 'answered', status: 200 }, now)
    const rejected = settle(claim(pending), { kind: 'answered', status: 422 }, now, 'LTE is no longer available.')
    for (const entry of [acknowledged, rejected])
      for (const late of [
        { kind: 'answered', status: 503 },
        { kind: 'answered', status: 409 },
        { kind: 'no-answer', error: 'x' },
      ] as const)
        expect(settle(entry, late, now)).toBe(entry)
    expect(settle(rejected, { kind: 'answered', status: 201 }, now)).toBe(rejected)
  })

  it('backoff doubles from 2 s and stops growing at 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000])
    expect(backoffMs(30)).toBe(300_000)
  })

  it('a sending entry left by a closed tab is sent again by the next drainer', () => {
    expect(isDue(claim(pending), now)).toBe(true)
  })

  it('an entry belongs only to its own customer, and to nobody while signed out', () => {
    expect(belongsTo(pending, 7)).toBe(true)
    expect(belongsTo(pending, 8)).toBe(false)
    expect(belongsTo(pending, null)).toBe(false)
    expect(belongsTo({ ...pending, customerId: undefined as unknown as number }, 7)).toBe(false)
  })

  it('the next wake-up is the earliest retry', () => {
    const a = settle(claim(pending), { kind: 'no-answer', error: 'x' }, now)
    const b = settle(claim(claim(pending)), { kind: 'no-answer', error: 'x' }, now)
    expect(nextWake([a, b, pending])).toBe(Date.parse('2025-03-01T08:00:02.000Z'))
    expect(nextWake([pending])).toBeNull()
  })

  it("the diagram atop the lifecycle's file names exactly the answers settle retries, and rejects none of them", () => {
    const diagram = readFileSync(new URL('../../src/outbox/lifecycle.ts', import.meta.url), 'utf8').split('*/')[0] ?? ''
    const named = (arrow: string) => {
      const line = diagram.split('\n').find((text) => text.includes(arrow)) ?? ''
      return [...line.matchAll(/\b[1-5](?:\d\d|xx)\b/g)].map((m) => m[0])
    }
    const says = (codes: string[], status: number) => codes.includes(String(status)) || codes.includes(`${String(status)[0]}xx`)
    const retried = (status: number) => settle(claim(pending), { kind: 'answered', status }, now).status === 'retrying'
    const answers = Array.from({ length: 500 }, (_, i) => i + 100).filter((status) => status < 200 || status >= 300)
    for (const status of answers) {
      expect(says(named('--> retrying'), status), `HTTP ${status} on the retrying arrow`).toBe(retried(status))
      if (says(named('--> rejected'), status)) expect(retried(status), `HTTP ${status} on the rejected arrow`).toBe(false)
    }
  })
})
