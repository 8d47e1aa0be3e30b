import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { UserReplySchema } from '../../src/domain/account.ts'
import { accountsApp, address, call, signUp } from './support/accounts.ts'
import type { TestApp } from './support/accounts.ts'
import { openTestDb, startupTimeout } from './support/testDb.ts'
import type { TestDb } from './support/testDb.ts'

describe('GET /api/v8/partner/detailed_customer_profile/email/{email}', () => {
  let t: TestDb
  let app: TestApp
  beforeAll(async () => {
    t = await openTestDb()
    app = accountsApp(t.db)
  }, startupTimeout)
  afterAll(() => t.drop())

  const profile = (email: string, extra: { cookie?: string; key?: null } = {}) =>
    app.request(`/api/v8/partner/detailed_customer_profile/email/${encodeURIComponent(email)}`, call('GET', undefined, extra))

  it('answers 200 with the signed-in customer for their own email, in any capitals', async () => {
    const { cookie, email, id } = await signUp(app)
    const res = await profile(email.toUpperCase(), { cookie })
    expect(res.status).toBe(200)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user).toEqual({
      id, email, first_name: 'Thandi', last_name: 'Nkosi', id_number: '9001015800086',
      phone: '0821234567', mobile: '0831234567', addresses: [address()], orders: [],
    })
  })

  it('answers 401 without a session, even for an email that exists', async () => {
    const { email } = await signUp(app)
    const res = await profile(email)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in.' })
  })

  it("answers 403 for another customer's email and reveals nothing of them", async () => {
    const me = await signUp(app)
    const other = await signUp(app, { first_name: 'Sipho' })
    const res = await profile(other.email, { cookie: me.cookie })
    expect(res.status).toBe(403)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'You can only view your own profile.' })
    expect(text).not.toContain('Sipho')
  })

  it('needs the Key header even with a valid session', async () => {
    const { cookie, email } = await signUp(app)
    const res = await profile(email, { cookie, key: null })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Missing Key header' })
  })
})
