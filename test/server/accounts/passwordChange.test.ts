import { describe, expect, it } from 'vitest'
import { messages } from '../../../src/domain/account.ts'
import { passwordMessages } from '../../../src/domain/password.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { loginLimits } from '../../../server/accounts/loginLimiter.ts'
import { createPasswordReset, resetRefusal } from '../../../server/accounts/passwordResets.ts'
import { call, password, sessionCookie, signUp, useAccountsApp } from '../helpers/accounts.ts'

const newPassword = 'Fresh#4567'

describe('changing the password while signed in', () => {
  let address = 0
  // Each test from its own client address, so only the limits a test exercises can trip.
  const nextAddress = () => `198.51.100.${++address}`
  const env = useAccountsApp()

  const change = (cookie: string | undefined, body: unknown, from = nextAddress()) =>
    env.app.request('/api/auth/password', call('POST', body, { ...(cookie ? { cookie } : {}), from }))
  const login = (email: string, pw: string) => env.app.request('/api/auth/login', call('POST', { email, password: pw }, { from: nextAddress() }))
  const session = (cookie: string) => env.app.request('/api/auth/session', call('GET', undefined, { cookie }))

  it('stores the new password, keeps this session and ends every other session of the customer', async () => {
    const { email, cookie } = await signUp(env.app)
    const elsewhere = sessionCookie(await login(email, password))!
    const other = await signUp(env.app)
    const res = await change(cookie, { current_password: password, password: newPassword })
    expect(res.status).toBe(204)
    expect((await session(cookie)).status).toBe(200)
    expect((await session(elsewhere)).status).toBe(401)
    expect((await session(other.cookie)).status).toBe(200)
    expect((await login(email, password)).status).toBe(401)
    expect((await login(email, newPassword)).status).toBe(200)
  })

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { email, cookie } = await signUp(env.app)
    const res = await change(cookie, { current_password: 'Wrong#1234', password: newPassword })
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: serverMessages.wrongCurrentPassword })
    expect((await login(email, password)).status).toBe(200)
  })

  it(`counts wrong current passwords as failed sign-ins: after ${loginLimits.perEmail}, 429, and sign-in is held too`, async () => {
    const { email, cookie } = await signUp(env.app)
    for (let i = 0; i < loginLimits.perEmail; i++) expect((await change(cookie, { current_password: 'Wrong#1234', password: newPassword })).status).toBe(403)
    const held = await change(cookie, { current_password: password, password: newPassword })
    expect(held.status).toBe(429)
    expect(await held.json()).toEqual({ error: serverMessages.tooManyAttempts })
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login(email, password)).status).toBe(429)
  })

  it('checks the new password with the sign-up rule and needs the current one, with their messages', async () => {
    const { cookie } = await signUp(env.app)
    expect(await (await change(cookie, { current_password: password, password: 'short' })).json()).toMatchObject({ error: messages.passwordRule })
    expect(await (await change(cookie, { current_password: password, password: '' })).json()).toMatchObject({ error: messages.passwordRequired })
    expect(await (await change(cookie, { current_password: '', password: newPassword })).json()).toMatchObject({ error: passwordMessages.currentRequired })
  })

  it('answers 401 without a session', async () => {
    expect((await change(undefined, { current_password: password, password: newPassword })).status).toBe(401)
  })

  it('leaves the emailed links to reset the password working: whoever changes it cannot stop the mailbox resetting it', async () => {
    const { id, cookie } = await signUp(env.app)
    const token = await createPasswordReset(env.t.db, id)
    expect(await resetRefusal(env.t.db, token)).toBeUndefined()
    expect((await change(cookie, { current_password: password, password: newPassword })).status).toBe(204)
    expect(await resetRefusal(env.t.db, token)).toBeUndefined()
  })
})
