import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from 'xstate'
import type { CreateOrderResult } from '../../src/api/orders.ts'
import type { SupportSendResult } from '../../src/api/support.ts'
import { AUTH_LOGOUT, logoutOutbox } from '../../src/features/account/session/logoutQueue.ts'
import { orderOutbox, type DrainOutcome } from '../../src/features/orders/orderOutbox.ts'
import { ORDER_CREATE } from '../../src/features/orders/orderRequest.ts'
import { queueSupportMessage, supportOutbox } from '../../src/features/support/supportQueue.ts'
import { connectionReturned } from '../../src/lib/connection.ts'
import type { OutboxKind } from '../../src/outbox/kind.ts'
import { startOutbox, type RunningOutbox, type SessionSource } from '../../src/outbox/outboxActor.ts'
import type { Session } from '../../src/lib/sessionStore.ts'
import { dismiss, getToasts } from '../../src/lib/toaster.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { customer } from '../machines/authHarness.ts'
import { freshStore } from '../store/fixtures.ts'
import { placeQueuedOrder, serverOrder, uuid } from '../store/orderFixtures.ts'

const message = { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'My router shows a red light since this morning.' }

/** The page's session as the outbox hears it: set by the test. */
function testSession(): SessionSource & { set: (next: Session) => void } {
  let current: Session = { status: 'checking' }
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    set: (next) => {
      current = next
      for (const listener of listeners) listener()
    },
  }
}
let session = testSession()
const signedIn = (id: number) => session.set({ status: 'customer', customer: customer({ id }), offline: false })

/** The server behind every kind: each call answered from its script (or accepted), recorded in order. */
function server(script: { orders?: CreateOrderResult[]; support?: SupportSendResult[] } = {}) {
  const calls: string[] = []
  const kinds: OutboxKind[] = [
    logoutOutbox(async () => {
      calls.push('logout')
      return { kind: 'answered', status: 204 }
    }),
    orderOutbox(async (user) => {
      calls.push(`order ${user}`)
      return script.orders?.shift() ?? { kind: 'created', order: serverOrder(41), fetchedAt: new Date().toISOString() }
    }),
    supportOutbox(async (_request, { withSession }) => {
      calls.push(`support ${withSession ? 'with' : 'without'} session`)
      return script.support?.shift() ?? { kind: 'sent', reference: 'SUP-AAAA1111' }
    }),
  ]
  return { calls, kinds }
}

let store: StoreDb
let outbox: RunningOutbox | undefined
const start = (kinds: readonly OutboxKind[]) => (outbox = startOutbox(kinds, session))
const resting = (o: RunningOutbox) => waitFor(o.actor, (s) => !s.matches('draining'))
const toasts = () => getToasts().map((t) => t.text)

beforeEach(async () => {
  store = await freshStore()
  session = testSession()
})
afterEach(async () => {
  outbox?.stop()
  outbox = undefined
  for (const t of getToasts()) dismiss(t.id)
  await closeStore({ delete: true })
})

describe('the outbox in the page', () => {
  it('at start sends a queued logout at once, and the orders and messages once the session is known', async () => {
    await placeQueuedOrder(7)
    await queueSupportMessage(7, message)
    await enqueue(queuedRow(uuid(), AUTH_LOGOUT, { session: 'a'.repeat(64) }))
    const s = server()
    const o = start(s.kinds)
    await resting(o)
    expect(s.calls).toEqual(['logout'])
    signedIn(7)
    await resting(o)
    expect(s.calls).toEqual(['logout', 'order 7', 'support with session'])
    expect(toasts()).toContain('Your order SO-000041 was sent.')
  })

  it("never sends another customer's order under this session; it goes when that customer signs in", async () => {
    await placeQueuedOrder(8)
    const s = server()
    signedIn(7)
    const o = start(s.kinds)
    await resting(o)
    expect(s.calls).toEqual([])
    session.set({ status: 'anonymous' })
    await resting(o)
    signedIn(8)
    await resting(o)
    expect(s.calls).toEqual(['order 8'])
  })

  it('tells the one who queued a write what became of it, also when it was queued while a drain ran', async () => {
    signedIn(7)
    await queueSupportMessage(7, message)
    let reached: () => void = () => {}
    let release: () => void = () => {}
    const atServer = new Promise<void>((resolve) => (reached = resolve))
    const held = new Promise<void>((resolve) => (release = resolve))
    const s = server({ orders: [{ kind: 'refused', status: 422, error: 'LTE Uncapped 20Mbps is no longer available.', code: 'product_unavailable' }] })
    const support = s.kinds[2]!
    s.kinds[2] = {
      ...support,
      send: async (request, to) => {
        reached()
        await held
        return support.send(request, to)
      },
    }
    const o = start(s.kinds)
    // The start's drain is at the message, past the orders, when the order is placed.
    await atServer
    const clientId = await placeQueuedOrder(7)
    const told = o.sendNow(ORDER_CREATE)
    release()
    expect((await told) as DrainOutcome[]).toEqual([{ clientId, kind: 'rejected', reason: 'LTE Uncapped 20Mbps is no longer available.', status: 422 }])
    expect(s.calls).toEqual(['support with session', 'order 7'])
    expect(toasts()).toContain('LTE Uncapped 20Mbps is no longer available.')
  })

  it('waits for the connection, then sends when it returns (whoever noticed: the browser, the server, the worker)', async () => {
    signedIn(7)
    const s = server({ support: [{ kind: 'no-answer', error: 'Failed to fetch' }] })
    const o = start(s.kinds)
    await resting(o)
    const id = await queueSupportMessage(7, message)
    expect(await o.sendNow('support.message')).toMatchObject([{ id, kind: 'waiting' }])
    expect(o.actor.getSnapshot().value).toBe('waiting')
    expect(toasts()).toEqual([])
    connectionReturned()
    await resting(o)
    expect(s.calls).toEqual(['support with session', 'support with session'])
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged' })
    // It waited, so its customer is told it went.
    expect(toasts()).toEqual(['Your support message was sent. Your reference is SUP-AAAA1111.'])
    expect(o.actor.getSnapshot().value).toBe('idle')
  })

  it('a write the server asked to wait for is not hurried by the returning connection; the wake-up sends it', async () => {
    signedIn(7)
    const s = server({ support: [{ kind: 'refused', status: 503, error: '', issues: [], retryAfterMs: 60_000 }] })
    const o = start(s.kinds)
    await resting(o)
    await queueSupportMessage(7, message)
    await o.sendNow('support.message')
    connectionReturned()
    await resting(o)
    expect(s.calls).toHaveLength(1)
    const { waitMs } = o.actor.getSnapshot().context
    expect(waitMs).toBeGreaterThan(59_000)
    expect(waitMs).toBeLessThanOrEqual(60_000)
  })
})
