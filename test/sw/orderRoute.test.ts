import { describe, expect, it } from 'vitest'
import { isDue } from '../../src/outbox/lifecycle.ts'
import { answerOutcome } from '../../src/api/queuedWrite.ts'
import { afterReplay, isOrderCreate, isSameOrder, queuedEntry } from '../../sw/orderRoute.ts'

const origin = 'https://shop.example'
const at = (path: string, o = origin) => new URL(path, o)

describe('the order queue rules', () => {
  it('queues only order creation on our own origin', () => {
    expect(isOrderCreate({ method: 'POST', url: at('/api/v10/partner/order/42'), origin })).toBe(true)
    expect(isOrderCreate({ method: 'GET', url: at('/api/v10/partner/order/42'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/api/v2/users'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/api/v10/partner/order/42', 'https://other.example'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/v10/partner/order/42'), origin })).toBe(false)
    expect(isOrderCreate({ method: 'POST', url: at('/api/v10/partner/order/42/lines'), origin })).toBe(false)
  })

  it('tells the same order apart by its Idempotency-Key', () => {
    const a = new Headers({ 'Idempotency-Key': 'k1' })
    expect(isSameOrder(a, new Headers({ 'Idempotency-Key': 'k1' }))).toBe(true)
    expect(isSameOrder(a, new Headers({ 'Idempotency-Key': 'k2' }))).toBe(false)
    expect(isSameOrder(new Headers(), new Headers())).toBe(false)
  })
})

describe('a queued order after the worker replays it', () => {
  const now = new Date('2026-03-01T08:00:00Z')
  const queued = queuedEntry(undefined)
  const answer = (status: number, headers: Record<string, string> = {}) => answerOutcome({ status, headers: new Headers(headers) }, now.getTime())

  it('starts pending, also when queued before the worker kept its place in the lifecycle', () => {
    expect(queued).toEqual({ status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null })
    expect(queuedEntry({ foo: 1 })).toEqual(queued)
    expect(isDue(queued, now)).toBe(true)
  })

  it('is let go once answered for good: the page learns the answer by sending again with the same key', () => {
    expect(afterReplay(queued, answer(200), now)).toBeNull()
    expect(afterReplay(queued, answer(422), now)).toBeNull()
  })

  it('is let go on a 401: the worker never holds an order for whichever session comes next', () => {
    expect(afterReplay(queued, answer(401), now)).toBeNull()
  })

  it('is kept after no answer, and goes at the next sync (the browser fires it when the connection is back)', () => {
    const kept = afterReplay(queued, { kind: 'no-answer', error: 'TypeError: Failed to fetch' }, now)
    expect(kept).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: null, lastError: 'TypeError: Failed to fetch' })
    expect(isDue(queuedEntry(kept), now)).toBe(true)
  })

  it("is kept through a server error or a Retry-After, and not replayed before the server's wait is over", () => {
    const failed = afterReplay(queued, answer(503), now)!
    expect(failed).toMatchObject({ status: 'retrying', nextAttemptAt: '2026-03-01T08:00:02.000Z', lastError: 'HTTP 503' })
    expect(isDue(queuedEntry(failed), now)).toBe(false)
    const told = afterReplay(queuedEntry(failed), answer(429, { 'Retry-After': '120' }), now)!
    expect(told).toMatchObject({ attempts: 2, nextAttemptAt: '2026-03-01T08:02:00.000Z' })
    expect(isDue(told, new Date('2026-03-01T08:01:59Z'))).toBe(false)
    expect(isDue(told, new Date('2026-03-01T08:02:00Z'))).toBe(true)
  })
})
