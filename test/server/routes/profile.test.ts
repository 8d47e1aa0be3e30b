import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { UserReplySchema } from '../../../src/domain/account.ts'
import { address, call, signUp, useAccountsApp } from '../helpers/accounts.ts'

describe('GET /api/v8/partner/detailed_customer_profile/email/{email}', () => {
  const env = useAccountsApp()

  const profile = (email: string, extra: { cookie?: string; key?: null } = {}) =>
    env.app.request(`/api/v8/partner/detailed_customer_profile/email/${encodeURIComponent(email)}`, call('GET', undefined, extra))

  it('answers 200 with the signed-in customer for their own email, in any capitals', async () => {
    const { cookie, email, id } = await signUp(env.app)
    const res = await profile(email.toUpperCase(), { cookie })
    expect(res.status).toBe(200)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user).toEqual({
      id,
      email,
      first_name: 'Thandi',
      last_name: 'Nkosi',
      id_number: '•••••••••0088',
      phone: '0821234567',
      mobile: '0831234567',
      addresses: [{ ...address(), id: expect.any(String), is_default: true }],
      orders: [],
    })
  })

  it('answers 401 without a session, even for an email that exists', async () => {
    const { email } = await signUp(env.app)
    const res = await profile(email)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in.' })
  })

  it("answers 403 for another customer's email and reveals nothing of them", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app, { first_name: 'Sipho' })
    const res = await profile(other.email, { cookie: me.cookie })
    expect(res.status).toBe(403)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'You can only view your own profile.' })
    expect(text).not.toContain('Sipho')
  })

  it('needs the Key header even with a valid session', async () => {
    const { cookie, email } = await signUp(env.app)
    const res = await profile(email, { cookie, key: null })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Missing Key header' })
  })
})
