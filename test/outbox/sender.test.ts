import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LogoutResult } from '../../src/api/account.ts'
import type { CreateOrderResult } from '../../src/api/orders.ts'
import type { SupportSendResult } from '../../src/api/support.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import type { SupportRequest } from '../../src/domain/support.ts'
import { AUTH_LOGOUT, logoutOutbox } from '../../src/features/account/session/logoutQueue.ts'
import { orderOutbox } from '../../src/features/orders/orderOutbox.ts'
import { ORDER_CREATE } from '../../src/features/orders/orderRequest.ts'
import { queueSupportMessage, SUPPORT_MESSAGE, supportOutbox } from '../../src/features/support/supportQueue.ts'
import { lazyKind } from '../../src/outbox/kind.ts'
import { drainOutbox } from '../../src/outbox/sender.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { BACKOFF_START_MS } from '../../src/outbox/lifecycle.ts'
import { freshStore } from '../store/fixtures.ts'
import { placeQueuedOrder, serverOrder, uuid } from '../store/orderFixtures.ts'

const message = { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'My router shows a red light since this morning.' }

async function queueLogout(session = 'a'.repeat(64)): Promise<string> {
  const id = uuid()
  await enqueue(queuedRow(id, AUTH_LOGOUT, { session }))
  return id
}

/** One server for every kind, answering each call from its script (or accepting), and keeping the order of calls. */
function server(script: { orders?: CreateOrderResult[]; support?: SupportSendResult[]; logouts?: LogoutResult[] } = {}) {
  const calls: string[] = []
  const cookies: Record<string, boolean> = {}
  const logout = logoutOutbox(async (body?: { session: string }) => {
    calls.push(`logout ${body?.session.slice(0, 1)}`)
    return script.logouts?.shift() ?? { kind: 'answered', status: 204 }
  })
  const support = supportOutbox(async (request: SupportRequest, { withSession }) => {
    calls.push(`support ${request.id}`)
    cookies[request.id] = withSession
    return script.support?.shift() ?? { kind: 'sent', reference: 'SUP-AAAA1111' }
  })
  const kinds = [
    logout,
    orderOutbox(async (user: number, request: CreateOrderRequest) => {
      calls.push(`order ${user} ${request.order.id}`)
      return script.orders?.shift() ?? { kind: 'created', order: serverOrder(41), fetchedAt: new Date().toISOString() }
    }),
    support,
  ]
  return { calls, cookies, kinds, logout, support }
}

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

describe('the one outbox sender', () => {
  it('sends kind after kind, logouts first, each write with the session its kind allows', async () => {
    const mine = await placeQueuedOrder(7)
    const theirs = await placeQueuedOrder(8)
    const myMessage = await queueSupportMessage(7, message)
    const theirMessage = await queueSupportMessage(8, message)
    await queueLogout()
    const s = server()
    const { outcomes, wakeAt } = await drainOutbox(s.kinds, { signedIn: 7 })
    // The two messages were queued in the same millisecond: either may go first.
    expect(s.calls.slice(0, 2)).toEqual(['logout a', `order 7 ${mine}`])
    expect(s.calls.slice(2).sort()).toEqual([`support ${myMessage}`, `support ${theirMessage}`].sort())
    expect(s.cookies).toEqual({ [myMessage]: true, [theirMessage]: false })
    expect(outcomes[ORDER_CREATE]).toMatchObject([{ clientId: mine, kind: 'sent', order: { number: 'SO-000041' } }])
    expect(outcomes[SUPPORT_MESSAGE]).toMatchObject([{ kind: 'sent' }, { kind: 'sent' }])
    expect(outcomes[AUTH_LOGOUT]).toEqual([])
    expect(await store.outbox.get(theirs)).toMatchObject({ status: 'pending', attempts: 0 })
    expect(wakeAt).toBeNull()
  })

  it('while the session is not known, sends only the writes that need none (a logout names its own session)', async () => {
    await placeQueuedOrder(7)
    await queueSupportMessage(7, message)
    await queueLogout()
    const s = server()
    await drainOutbox(s.kinds, { signedIn: undefined, force: true })
    expect(s.calls).toEqual(['logout a'])
  })

  it('sends only the kinds asked for, and still wakes for the others when they are due', async () => {
    const t0 = new Date('2026-03-01T08:00:00Z')
    await queueSupportMessage(7, message)
    const s = server({ support: [{ kind: 'refused', status: 429, error: 'Too many messages', issues: [], retryAfterMs: 60_000 }] })
    await drainOutbox(s.kinds, { signedIn: 7, now: () => t0 })
    await queueLogout()
    const { wakeAt } = await drainOutbox(s.kinds, { signedIn: 7, force: true, only: [AUTH_LOGOUT], now: () => t0 })
    expect(s.calls.map((c) => c.split(' ')[0])).toEqual(['support', 'logout'])
    expect(wakeAt).toBe(t0.getTime() + 60_000)
  })

  it('waits out the backoff after no answer, sends again when due, and records the acknowledgement once', async () => {
    const t0 = new Date('2026-03-01T08:00:00Z')
    const later = (ms: number) => () => new Date(t0.getTime() + ms)
    const id = await placeQueuedOrder(7)
    const s = server({ orders: [{ kind: 'no-answer', error: 'Failed to fetch' }] })
    const first = await drainOutbox(s.kinds, { signedIn: 7, now: later(0) })
    expect(first.wakeAt).toBe(t0.getTime() + BACKOFF_START_MS)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'retrying', attempts: 1, lastError: 'Failed to fetch' })
    // Too early, and not forced: nothing is sent.
    await drainOutbox(s.kinds, { signedIn: 7, now: later(BACKOFF_START_MS - 1) })
    expect(s.calls).toHaveLength(1)
    const second = await drainOutbox(s.kinds, { signedIn: 7, now: later(BACKOFF_START_MS) })
    expect(second.outcomes[ORDER_CREATE]).toMatchObject([{ clientId: id, kind: 'sent' }])
    await drainOutbox(s.kinds, { signedIn: 7, force: true, now: later(BACKOFF_START_MS) })
    expect(s.calls).toHaveLength(2)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged', attempts: 2 })
    expect(await store.events.where('type').equals('v1.OrderAcknowledged').count()).toBe(1)
  })

  it("gives up on a 400 with the server's reason, and retries a 500 like no answer", async () => {
    const refused = await placeQueuedOrder(7)
    const failing = await placeQueuedOrder(7)
    const s = server({
      orders: [
        { kind: 'refused', status: 400, error: 'An error occurred while submitting the address.', code: null },
        { kind: 'refused', status: 500, error: 'Internal Server Error', code: null },
      ],
    })
    const { outcomes } = await drainOutbox(s.kinds, { signedIn: 7 })
    expect(outcomes[ORDER_CREATE]).toEqual([
      { clientId: refused, kind: 'rejected', reason: 'An error occurred while submitting the address.', status: 400 },
      { clientId: failing, kind: 'waiting', error: 'Internal Server Error' },
    ])
    expect(await store.events.where('type').equals('v1.OrderRejected').toArray()).toMatchObject([
      { payload: { clientId: refused, reason: 'An error occurred while submitting the address.', status: 400 } },
    ])
    expect(await store.outbox.get(failing)).toMatchObject({ status: 'retrying', lastError: 'Internal Server Error' })
    await drainOutbox(s.kinds, { signedIn: 7, force: true })
    expect(s.calls).toHaveLength(3)
  })

  it("counts a kind's send that throws as no answer: the write waits and goes again", async () => {
    const id = await queueLogout()
    const throwing = logoutOutbox(async () => {
      throw new Error('no answer planned')
    })
    const t0 = new Date('2026-03-01T08:00:00Z')
    const { wakeAt } = await drainOutbox([throwing], { now: () => t0 })
    expect(await store.outbox.get(id)).toMatchObject({ status: 'retrying', lastError: 'no answer planned' })
    expect(wakeAt).toBe(t0.getTime() + BACKOFF_START_MS)
  })

  it('refuses on the device a stored write that no longer reads, without sending it', async () => {
    const id = uuid()
    await enqueue(queuedRow(id, SUPPORT_MESSAGE, { id, message: { name: 'Thandi' } }, 7))
    const s = server()
    const { outcomes } = await drainOutbox(s.kinds, { signedIn: 7 })
    expect(s.calls).toEqual([])
    expect(outcomes[SUPPORT_MESSAGE]).toMatchObject([{ id, kind: 'rejected' }])
    expect(await store.outbox.get(id)).toMatchObject({ status: 'rejected', attempts: 0 })
  })

  it('two tabs draining at once send each write once', async () => {
    await placeQueuedOrder(7)
    await queueSupportMessage(7, message)
    await queueLogout()
    const s = server()
    await Promise.all([drainOutbox(s.kinds, { signedIn: 7, force: true }), drainOutbox(s.kinds, { signedIn: 7, force: true })])
    expect(s.calls.map((c) => c.split(' ')[0])).toEqual(['logout', 'order', 'support'])
  })
})

describe('a kind whose code loads when a write of it waits', () => {
  it('is not loaded while nothing of it is queued, then loads once and sends', async () => {
    const s = server()
    let loads = 0
    const lazyLogout = lazyKind(AUTH_LOGOUT, async () => {
      loads += 1
      return s.logout
    })
    const empty = await drainOutbox([lazyLogout], { force: true })
    expect(loads).toBe(0)
    expect(empty.outcomes[AUTH_LOGOUT]).toEqual([])
    expect(lazyLogout.loaded()).toBeUndefined()
    await queueLogout()
    await drainOutbox([lazyLogout], { force: true })
    await queueLogout('b'.repeat(64))
    await drainOutbox([lazyLogout], { force: true })
    expect(s.calls).toEqual(['logout a', 'logout b'])
    expect(loads).toBe(1)
    expect(lazyLogout.loaded()).toBe(s.logout)
  })

  it('keeps its writes when its code does not load (offline), and sends them at a later drain', async () => {
    const s = server()
    let reachable = false
    const lazyLogout = lazyKind(AUTH_LOGOUT, async () => {
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module')
      return s.logout
    })
    const id = await queueLogout()
    await queueSupportMessage(7, message)
    const first = await drainOutbox([lazyLogout, s.support], { signedIn: 7, force: true })
    // The kind that did load still went.
    expect(s.calls.map((c) => c.split(' ')[0])).toEqual(['support'])
    expect(first.outcomes[AUTH_LOGOUT]).toEqual([])
    expect(await store.outbox.get(id)).toMatchObject({ status: 'pending', attempts: 0 })
    reachable = true
    await drainOutbox([lazyLogout], { force: true })
    expect(s.calls.map((c) => c.split(' ')[0])).toEqual(['support', 'logout'])
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged' })
  })

  it('refuses a loaded kind of another name', async () => {
    const s = server()
    const misnamed = lazyKind(ORDER_CREATE, async () => s.logout)
    await expect(misnamed.load()).rejects.toThrow(`The outbox kind loaded for ${ORDER_CREATE} is named ${AUTH_LOGOUT}`)
  })
})
