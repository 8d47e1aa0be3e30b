import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LogoutResult } from '../../src/api/account.ts'
import { AUTH_LOGOUT, drainLogouts } from '../../src/features/account/logoutQueue.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { enqueue, openRows } from '../../src/store/outbox.ts'
import { freshStore } from './fixtures.ts'

const tag = 'a'.repeat(64)
let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

async function queued(session = tag): Promise<string> {
  const id = `logout-${session.slice(0, 4)}-${Math.random()}`
  await enqueue({ id, kind: AUTH_LOGOUT, request: { session }, status: 'pending', attempts: 0, createdAt: new Date().toISOString(), nextAttemptAt: null, lastError: null })
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
