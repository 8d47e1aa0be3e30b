import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LogoutResult } from '../../../../src/api/account.ts'
import { recordSignOut, rememberCustomer } from '../../../../src/features/account/session/knownCustomer.ts'
import { AUTH_LOGOUT, logoutOutbox, logoutPendingFor } from '../../../../src/features/account/session/logoutQueue.ts'
import { drainOutbox } from '../../../../src/outbox/sender.ts'
import { commit } from '../../../../src/store/commit.ts'
import { closeStore, type StoreDb } from '../../../../src/store/db.ts'
import { enqueue, openRows, queuedRow } from '../../../../src/outbox/table.ts'
import { readCart, readKnownCustomer } from '../../../../src/store/queries.ts'
import type { OutboxRow } from '../../../../src/store/rows.ts'
import { customer } from '../../../machines/authHarness.ts'
import { added, freshStore } from '../../../store/fixtures.ts'

const tag = 'a'.repeat(64)

/** The outbox sender over queued logouts, `send` standing in for POST /auth/logout. */
const drainLogouts = async ({ force = false, send }: { force?: boolean; send: (body?: { session: string }) => Promise<LogoutResult> }) => {
  await drainOutbox([logoutOutbox(send)], { force })
}
let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

async function queued(session = tag): Promise<string> {
  const id = `logout-${session.slice(0, 4)}-${Math.random()}`
  await enqueue(queuedRow(id, AUTH_LOGOUT, { session }))
  return id
}

/** A stand-in for POST /auth/logout answering from a script, recording what it was asked. */
function server(...answers: LogoutResult[]) {
  const sent: unknown[] = []
  const send = async (body?: { session: string }) => {
    sent.push(body)
    return answers.shift() ?? { kind: 'answered' as const, status: 204 }
  }
  return { sent, send }
}

describe('a logout queued on the device', () => {
  it('waits through no answer and a server error, then ends its session once', async () => {
    const id = await queued()
    const s = server({ kind: 'no-answer', error: 'offline' }, { kind: 'answered', status: 503 })
    await drainLogouts({ force: true, send: s.send })
    expect((await store.outbox.get(id))?.status).toBe('retrying')
    await drainLogouts({ force: true, send: s.send })
    expect((await store.outbox.get(id))?.status).toBe('retrying')
    await drainLogouts({ force: true, send: s.send })
    expect((await store.outbox.get(id))?.status).toBe('acknowledged')
    await drainLogouts({ force: true, send: s.send })
    expect(s.sent).toEqual([{ session: tag }, { session: tag }, { session: tag }])
    expect(await openRows(AUTH_LOGOUT)).toEqual([])
  })

  it('does not send before its backoff is due unless forced', async () => {
    const id = await queued()
    const s = server({ kind: 'no-answer', error: 'offline' })
    await drainLogouts({ force: true, send: s.send })
    await drainLogouts({ send: s.send })
    expect(s.sent).toHaveLength(1)
    expect((await store.outbox.get(id))?.attempts).toBe(1)
  })

  it('gives up on a refusal (400) instead of retrying forever', async () => {
    const id = await queued()
    const s = server({ kind: 'answered', status: 400 })
    await drainLogouts({ force: true, send: s.send })
    expect((await store.outbox.get(id))?.status).toBe('rejected')
  })

  it('sends every queued logout, each naming its own session', async () => {
    await queued('b'.repeat(64))
    await queued('c'.repeat(64))
    const s = server()
    await drainLogouts({ force: true, send: s.send })
    expect(s.sent).toEqual([{ session: 'b'.repeat(64) }, { session: 'c'.repeat(64) }])
  })
})

describe('a logout recorded on the device', () => {
  const logoutRow = (id: string, session = tag): OutboxRow => queuedRow(id, AUTH_LOGOUT, { session })

  async function signedInWithCart(): Promise<void> {
    await rememberCustomer(customer())
    await commit(added('line-1'))
    await commit(added('line-2'))
  }

  it('forgets the customer, empties the cart and queues the logout in one write', async () => {
    await signedInWithCart()
    await recordSignOut(logoutRow('logout-1'))
    expect(await readKnownCustomer()).toBeNull()
    expect((await readCart()).order_lines).toEqual([])
    expect((await openRows(AUTH_LOGOUT)).map((row) => row.id)).toEqual(['logout-1'])
    expect(await logoutPendingFor(tag)).toBe(true)
    expect(await logoutPendingFor('d'.repeat(64))).toBe(false)
    expect(await logoutPendingFor(null)).toBe(false)
  })

  it('lands nothing when any part of it cannot be written: still signed in, the cart as it was', async () => {
    await signedInWithCart()
    // The same outbox id twice: the queued part fails, so the sign-out and the emptied cart must not land either.
    await enqueue(logoutRow('taken'))
    await expect(recordSignOut(logoutRow('taken', 'e'.repeat(64)))).rejects.toThrow()
    expect(await readKnownCustomer()).toEqual(customer())
    expect((await readCart()).order_lines.map((l) => l.cart_id)).toEqual(['line-1', 'line-2'])
    expect(await logoutPendingFor('e'.repeat(64))).toBe(false)
  })

  it('writes no fact for what is already so: nobody known, an empty cart', async () => {
    await recordSignOut(logoutRow('logout-2'))
    expect(await store.events.count()).toBe(0)
    expect(await logoutPendingFor(tag)).toBe(true)
  })

  it('is no longer pending once the server has ended the session', async () => {
    await signedInWithCart()
    await recordSignOut(logoutRow('logout-3'))
    await drainLogouts({ force: true, send: server().send })
    expect(await logoutPendingFor(tag)).toBe(false)
  })
})
