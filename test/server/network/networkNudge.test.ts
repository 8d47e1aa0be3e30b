import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { seed } from '../../../server/seed/seed.ts'
import { activeSim } from '../helpers/activeSim.ts'
import { apiKey, call, signUp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { startTestServer } from '../helpers/testServer.ts'
import { startupTimeout } from '../helpers/testDb.ts'

describe('a change queued by a request is sent to the network at once', () => {
  let server: RunningServer
  // The app as tests drive it, over the server's real HTTP.
  let app: TestApp
  beforeAll(async () => {
    // An hour between the outbox's own runs: only the nudge after the request can send the change before the test ends.
    server = await startTestServer({ apiKey, networkOutboxIntervalMs: 3_600_000 })
    await seed(server.db)
    app = { request: (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init) } as unknown as TestApp
  }, startupTimeout)
  afterAll(() => server?.close())

  it('cancels a prepaid SIM on the network within moments of the customer asking, and the network confirms it', async () => {
    const me = await signUp(app)
    const serviceId = await activeSim(app, server.db, me, 9)
    const asked = await app.request(`/api/v8/partner/services/id/${serviceId}/cancellation`, call('POST', {}, { cookie: me.cookie }))
    expect(asked.status).toBe(200)
    const cancel = () =>
      server.db.query<{ accepted: boolean; applied: boolean }>(
        "select accepted_at is not null as accepted, applied_at is not null as applied from network_requests where service_id = $1 and kind = 'cancel'",
        [serviceId],
      )
    await expect.poll(cancel, { timeout: 5_000 }).toEqual([{ accepted: true, applied: true }])
  })
})
