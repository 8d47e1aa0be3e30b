import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { edit, newProfile, profileOf, whoAmI } from '../helpers/accountEdits.ts'

describe('PUT /api/v2/users/{user_id}/profile', () => {
  const env = useAccountsApp()

  it('changes the personal details and answers the customer as stored, keeping the ID number and the email', async () => {
    const me = await signUp(env.app)
    const { res } = await profileOf(env.app, me, { ...newProfile(), first_name: '  Thandeka ' })
    expect(res.status).toBe(200)
    const { user } = (await res.json()) as { user: Record<string, unknown> }
    expect(user).toMatchObject({ id: me.id, email: me.email, id_number: '•••••••••0088', ...newProfile() })
    expect(await whoAmI(env.app, me)).toMatchObject(newProfile())
  })

  it('refuses what sign-up refuses, with the sign-up messages, and changes nothing', async () => {
    const me = await signUp(env.app)
    const { res } = await profileOf(env.app, me, { first_name: ' ', last_name: 'Nkosi', phone: '021', mobile: '08312' })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] }
    expect(body.issues).toEqual([
      { path: 'first_name', message: 'First name is required.' },
      { path: 'phone', message: 'Phone number must be 10 digits.' },
      { path: 'mobile', message: 'Mobile number must be 10 digits.' },
    ])
    expect(await whoAmI(env.app, me)).toMatchObject({ first_name: 'Thandi', phone: '0821234567' })
  })

  it('never changes the ID number or the email, whatever the body says', async () => {
    const me = await signUp(env.app)
    const { res } = await profileOf(env.app, me, { ...newProfile(), id_number: '8001015009087', email: 'someone.else@example.co.za' })
    expect(res.status).toBe(200)
    expect(await whoAmI(env.app, me)).toMatchObject({ id_number: '•••••••••0088', email: me.email })
  })

  it("lets nobody edit another customer's profile, and says nothing about them", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app, { first_name: 'Sipho' })
    const { res } = await edit(env.app, 'PUT', `${other.id}/profile`, newProfile(), me)
    expect(res.status).toBe(403)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: 'You can only change your own account.' })
    expect(text).not.toContain('Sipho')
    expect(await whoAmI(env.app, other)).toMatchObject({ first_name: 'Sipho' })
    expect(await whoAmI(env.app, me)).toMatchObject({ first_name: 'Thandi' })
  })

  it('answers 401 without a session', async () => {
    const me = await signUp(env.app)
    const { res } = await edit(env.app, 'PUT', `${me.id}/profile`, newProfile(), { cookie: '' })
    expect(res.status).toBe(401)
  })

  it('makes an edit once per Idempotency-Key: a late retry repeats its answer and does not undo a newer edit', async () => {
    const me = await signUp(env.app)
    const key = randomUUID()
    const first = await profileOf(env.app, me, newProfile(), key)
    const firstText = await first.res.text()
    await profileOf(env.app, me, { ...newProfile(), first_name: 'Lwazi' })
    const retry = await profileOf(env.app, me, newProfile(), key)
    expect(retry.res.status).toBe(200)
    expect(retry.res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.res.text()).toBe(firstText)
    expect(await whoAmI(env.app, me)).toMatchObject({ first_name: 'Lwazi' })
  })

  it('refuses a key used for a different change with 422, and a request without a key with 400', async () => {
    const me = await signUp(env.app)
    const key = randomUUID()
    await profileOf(env.app, me, newProfile(), key)
    const reused = await profileOf(env.app, me, { ...newProfile(), last_name: 'Other' }, key)
    expect(reused.res.status).toBe(422)
    expect(await reused.res.json()).toEqual({ error: 'This request was already used for a different change.' })
    const unkeyed = await env.app.request(`/api/v2/users/${me.id}/profile`, {
      method: 'PUT',
      headers: { Key: 'test-key', Cookie: me.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify(newProfile()),
    })
    expect(unkeyed.status).toBe(400)
    expect(await whoAmI(env.app, me)).toMatchObject({ last_name: 'Mthembu' })
  })
})
