import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_LOGOUT, logoutOutbox } from '../../src/features/account/session/logoutQueue.ts'
import { configureOutbox, sendNow, startOutboxInBackground } from '../../src/outbox/outbox.ts'
import { closeStore, type StoreDb } from '../../src/store/db.ts'
import { enqueue, queuedRow } from '../../src/outbox/table.ts'
import { freshStore } from '../store/fixtures.ts'

let store: StoreDb
beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))
afterAll(async () => (await startOutboxInBackground()).stop())

describe('starting the outbox', () => {
  it('asks again for kinds that did not load (a chunk missing offline), then starts once, at the first write queued', async () => {
    let loads = 0
    configureOutbox(async () => {
      loads += 1
      throw new TypeError('Failed to fetch dynamically imported module')
    })
    await expect(startOutboxInBackground()).rejects.toThrow('Failed to fetch')
    const sessions: string[] = []
    configureOutbox(async () => {
      loads += 1
      const send = async (body?: { session: string }) => {
        sessions.push(body?.session ?? '')
        return { kind: 'answered' as const, status: 204 }
      }
      return [logoutOutbox(send)]
    })
    const id = 'logout-1'
    await enqueue(queuedRow(id, AUTH_LOGOUT, { session: 'a'.repeat(64) }))
    await sendNow(AUTH_LOGOUT)
    expect(await store.outbox.get(id)).toMatchObject({ status: 'acknowledged' })
    expect(await startOutboxInBackground()).toBe(await startOutboxInBackground())
    expect(loads).toBe(2)
    expect(sessions).toEqual(['a'.repeat(64)])
  })
})
