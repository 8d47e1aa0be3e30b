import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_LOGOUT, logoutOutbox } from '../../src/features/account/session/logoutQueue.ts'
import { createOutbox, type OutboxDeps } from '../../src/outbox/outbox.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { freshStore } from '../store/fixtures.ts'

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

// The session not known yet (what a page without its auth actor shows): a logout is sent whoever is signed in.
const session: ReturnType<OutboxDeps['session']> = { get: () => ({ status: 'checking' }), subscribe: () => () => undefined }
// The kinds the outbox is built with; the test changes what they load.
let loadKinds: OutboxDeps['kinds'] = async () => []
const outbox = createOutbox({ kinds: () => loadKinds(), session: () => session })
afterAll(async () => (await outbox.start()).stop())

describe('starting the outbox', () => {
  it('asks again for kinds that did not load (a chunk missing offline), then starts once, at the first write queued', async () => {
    let loads = 0
    loadKinds = async () => {
      loads += 1
      throw new TypeError('Failed to fetch dynamically imported module')
    }
    await expect(outbox.start()).rejects.toThrow('Failed to fetch')
    const sessions: string[] = []
    loadKinds = async () => {
      loads += 1
      const send = async (body?: { session: string }) => {
        sessions.push(body?.session ?? '')
        return { kind: 'answered' as const, status: 204 }
      }
      return [logoutOutbox(send)]
    }
    const id = 'logout-1'
    await enqueue(queuedRow(id, AUTH_LOGOUT, { session: 'a'.repeat(64) }))
    await outbox.sendNow(AUTH_LOGOUT)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged' })
    expect(await outbox.start()).toBe(await outbox.start())
    expect(loads).toBe(2)
    expect(sessions).toEqual(['a'.repeat(64)])
  })
})
