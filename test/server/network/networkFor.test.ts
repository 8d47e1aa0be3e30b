import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/types.ts'
import { networkFor } from '../../../server/network/networkFor.ts'
import { accountsApp } from '../helpers/accounts.ts'
import { openTestDb, type TestDb } from '../helpers/testDb.ts'

// Making the network only wires it: nothing reaches the database until the sandbox's page is read.
const db = {} as Db
const enabler = {
  kind: 'enabler',
  baseUrl: 'https://api.enabler.example.co.za',
  apiToken: 't',
  webhookSecret: 'enabler-webhook-secret-of-32-characters',
} as const

describe('the network the configuration names', () => {
  it("is the enabler's, with its webhook secret, when NETWORK_BASE_URL is set; no sandbox is made", () => {
    const made = networkFor(enabler, db)
    expect(made.network.source).toBe('enabler')
    expect(made.sandbox).toBeUndefined()
    expect(made.webhookSecret?.equals(Buffer.from(enabler.webhookSecret))).toBe(true)
  })

  it("is the sandbox network's otherwise, signing with the configured secret or one of its own", () => {
    const own = networkFor({ kind: 'sandbox' }, db)
    expect(own.network.source).toBe('sandbox')
    expect(own.sandbox).toBeDefined()
    expect(own.webhookSecret).toHaveLength(32)
    expect(networkFor({ kind: 'sandbox', webhookSecret: enabler.webhookSecret }, db).webhookSecret?.toString()).toBe(enabler.webhookSecret)
  })

  let pageDb: TestDb
  beforeAll(async () => {
    pageDb = await openTestDb()
  })
  afterAll(() => pageDb.drop())

  it('is served by the app: the webhook outside the Key, the sandbox page at /sandbox/network only without an enabler', async () => {
    const sandboxed = accountsApp(pageDb.db)
    expect(sandboxed.network.source).toBe('sandbox')
    expect((await sandboxed.request('/sandbox/network')).status).toBe(200)
    // No Key, no signature: refused by the signature check, not by the Key check (which answers 401 too, with another message).
    const unsigned = await sandboxed.request('/api/network/events', { method: 'POST', body: '{}' })
    expect(unsigned.status).toBe(401)
    expect(await unsigned.json()).toEqual({ error: 'Event not authenticated' })
    const real = accountsApp(pageDb.db, { network: enabler })
    expect(real.network.source).toBe('enabler')
    expect((await real.request('/sandbox/network')).status).toBe(404)
  })
})
