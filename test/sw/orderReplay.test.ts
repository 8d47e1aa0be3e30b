import { describe, expect, it } from 'vitest'
import { replayOrders, type ReplayQueue } from '../../sw/orderReplay.ts'

type Queued = { request: Request; metadata?: object }

/** Workbox's background-sync queue as the worker holds it: no page involved. */
function queueOf(...requests: Request[]): ReplayQueue & { held: Queued[] } {
  const held: Queued[] = requests.map((request) => ({ request }))
  return {
    held,
    shiftRequest: async () => held.shift(),
    unshiftRequest: async (entry) => void held.unshift(entry),
  }
}

const order = (key: string) => new Request('https://shop.example/api/v10/partner/order/42', { method: 'POST', headers: { 'Idempotency-Key': key }, body: '{}' })

describe("the worker's replay of queued orders (Background Sync)", () => {
  const now = new Date('2026-03-01T08:00:00Z')

  it('sends the orders it holds when the connection returns with no page open, in order, and empties its queue', async () => {
    const queue = queueOf(order('k1'), order('k2'))
    const sent: string[] = []
    let told = 0
    const replayed = await replayOrders(queue, {
      send: async (request) => {
        sent.push(request.headers.get('Idempotency-Key') ?? '')
        return new Response('{}', { status: 201 })
      },
      // No window is open: telling the pages reaches nobody, and the orders are sent all the same.
      notifyPages: async () => {
        told += 1
      },
      now: () => now,
    })
    expect({ replayed, sent, held: queue.held.length, told }).toEqual({ replayed: 2, sent: ['k1', 'k2'], held: 0, told: 1 })
  })

  it('keeps an order the network still refuses for the next sync, and the ones behind it', async () => {
    const queue = queueOf(order('k1'), order('k2'))
    const sent: string[] = []
    const replay = replayOrders(queue, {
      send: async (request) => {
        sent.push(request.headers.get('Idempotency-Key') ?? '')
        throw new TypeError('Failed to fetch')
      },
      notifyPages: async () => undefined,
      now: () => now,
    })
    await expect(replay).rejects.toThrow('Failed to fetch')
    expect(sent).toEqual(['k1'])
    expect(queue.held.map((q) => q.request.headers.get('Idempotency-Key'))).toEqual(['k1', 'k2'])
    expect(queue.held[0]?.metadata).toMatchObject({ status: 'retrying', attempts: 1, nextAttemptAt: null })
  })

  it("waits out the server's Retry-After before sending the order again", async () => {
    const queue = queueOf(order('k1'))
    let sends = 0
    const effects = (at: Date, status: number) => ({
      send: async () => {
        sends += 1
        return new Response('{}', { status, headers: { 'Retry-After': '120' } })
      },
      notifyPages: async () => undefined,
      now: () => at,
    })
    await expect(replayOrders(queue, effects(now, 429))).rejects.toThrow('HTTP 429')
    await expect(replayOrders(queue, effects(new Date('2026-03-01T08:01:59Z'), 201))).rejects.toThrow('wait until')
    expect(sends).toBe(1)
    expect(await replayOrders(queue, effects(new Date('2026-03-01T08:02:00Z'), 201))).toBe(1)
    expect({ sends, held: queue.held.length }).toEqual({ sends: 2, held: 0 })
  })
})
