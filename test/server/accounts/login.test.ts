import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { UserReplySchema, messages } from '../../../src/domain/account.ts'
import { loginLimits } from '../../../server/accounts/loginLimiter.ts'
import { accountsApp, call, password, sessionCookie, signUp, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'

const wrong = { error: 'Incorrect Username or Password. Please try again.' }
const tooMany = { error: 'Too many sign-in attempts. Please wait a few minutes and try again.' }

describe('signing in and out', () => {
  let address = 0
  // Each test signs in from its own client address, so only the limits a test exercises can trip.
  const nextAddress = () => `198.51.100.${++address}`
  const env = useAccountsApp()

  const login = (body: unknown, from: string) => env.app.request('/api/auth/login', call('POST', body, { from }))

  it('signs a customer in with 200, their profile and a new session cookie, whatever the email capitals', async () => {
    const { email, id } = await signUp(env.app)
    const res = await login({ email: email.toUpperCase(), password }, nextAddress())
    expect(res.status).toBe(200)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user).toMatchObject({ id, email, first_name: 'Thandi', last_name: 'Nkosi' })
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^sid=[\w-]{43}; Max-Age=259\d{4}; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/m)
  })

  it('answers a wrong password and an unknown email with the same 401 and no cookie', async () => {
    const { email } = await signUp(env.app)
    const from = nextAddress()
    for (const body of [
      { email, password: 'Wrong#1234' },
      { email: uniqueEmail('nobody'), password },
    ]) {
      const res = await login(body, from)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual(wrong)
      expect(sessionCookie(res)).toBeUndefined()
    }
  })

  it('refuses a blank email or password with 400 and the form messages', async () => {
    const from = nextAddress()
    expect(await (await login({ email: '', password }, from)).json()).toMatchObject({ error: messages.emailRequired })
    expect(await (await login({ email: 'a@b.co', password: '' }, from)).json()).toMatchObject({ error: messages.passwordRequired })
  })

  it(`locks an email for a while after ${loginLimits.perEmail} failures, even from different addresses and with the right password`, async () => {
    const { email } = await signUp(env.app)
    for (let i = 0; i < loginLimits.perEmail; i++) expect((await login({ email, password: 'Wrong#1234' }, nextAddress())).status).toBe(401)
    const res = await login({ email: email.toUpperCase(), password }, nextAddress())
    expect(res.status).toBe(429)
    expect(await res.json()).toEqual(tooMany)
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(loginLimits.windowMinutes * 60 - 60)
    expect(retryAfter).toBeLessThanOrEqual(loginLimits.windowMinutes * 60)
  })

  it('lets the email in again once its oldest failures leave the window', async () => {
    const { email } = await signUp(env.app)
    for (let i = 0; i < loginLimits.perEmail; i++) await login({ email, password: 'Wrong#1234' }, nextAddress())
    await env.t.db.query(`update rate_limits set hits = array(select h - interval '16 minutes' from unnest(hits) h) where key = $1`, [
      `login:email:${email.toLowerCase()}`,
    ])
    expect((await login({ email, password }, nextAddress())).status).toBe(200)
  })

  it("forgets an email's failures after a correct password", async () => {
    const { email } = await signUp(env.app)
    for (let i = 0; i < loginLimits.perEmail - 1; i++) await login({ email, password: 'Wrong#1234' }, nextAddress())
    expect((await login({ email, password }, nextAddress())).status).toBe(200)
    for (let i = 0; i < loginLimits.perEmail - 1; i++) expect((await login({ email, password: 'Wrong#1234' }, nextAddress())).status).toBe(401)
    expect((await login({ email, password }, nextAddress())).status).toBe(200)
  })

  it(`blocks a client address after ${loginLimits.perAddress} failures across any emails, and only that address`, async () => {
    const from = nextAddress()
    for (let i = 0; i < loginLimits.perAddress; i++) expect((await login({ email: uniqueEmail('guess'), password }, from)).status).toBe(401)
    const { email } = await signUp(env.app)
    const blocked = await login({ email, password }, from)
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toEqual(tooMany)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login({ email, password }, nextAddress())).status).toBe(200)
  })

  it('counts IPv6 clients by their /64: another address of the blocked /64 is blocked too, one of the next /64 is not', async () => {
    const prefix = `2001:db8:${(++address).toString(16)}:7`
    for (let i = 1; i <= loginLimits.perAddress; i++)
      expect((await login({ email: uniqueEmail('guess'), password }, `${prefix}::${i.toString(16)}`)).status).toBe(401)
    const { email } = await signUp(env.app)
    const sameNetwork = await login({ email, password }, `[${prefix}:ffff:ffff:ffff:ffff]:443`)
    expect(sameNetwork.status).toBe(429)
    expect(await sameNetwork.json()).toEqual(tooMany)
    expect((await login({ email, password }, `${prefix.replace(/:7$/, ':8')}::1`)).status).toBe(200)
  })

  it('keeps an IPv4-mapped IPv6 client as its IPv4 address: blocked as that address is', async () => {
    const from = nextAddress()
    for (let i = 0; i < loginLimits.perAddress; i++) expect((await login({ email: uniqueEmail('guess'), password }, `::ffff:${from}`)).status).toBe(401)
    const { email } = await signUp(env.app)
    expect((await login({ email, password }, from)).status).toBe(429)
  })

  it('keeps the counters in the database, so a second server process sees them', async () => {
    const { email } = await signUp(env.app)
    for (let i = 0; i < loginLimits.perEmail; i++) await login({ email, password: 'Wrong#1234' }, nextAddress())
    const other = accountsApp(env.t.db)
    expect((await other.request('/api/auth/login', call('POST', { email, password }, { from: nextAddress() }))).status).toBe(429)
  })

  it('logs out with 204: the cookie is cleared and the session no longer works', async () => {
    const { cookie } = await signUp(env.app)
    const res = await env.app.request('/api/auth/logout', call('POST', undefined, { cookie }))
    expect(res.status).toBe(204)
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^sid=; Max-Age=0; Path=\/;.*HttpOnly; SameSite=Lax/m)
    const after = await env.app.request('/api/auth/session', call('GET', undefined, { cookie }))
    expect(after.status).toBe(401)
    expect(await after.json()).toEqual({ error: 'Not signed in.' })
  })

  it('deletes the session row on logout', async () => {
    const { cookie, id } = await signUp(env.app)
    await env.app.request('/api/auth/logout', call('POST', undefined, { cookie }))
    const [row] = await env.t.db.query<{ n: number }>('select count(*)::int as n from sessions where customer_id = $1', [id])
    expect(row?.n).toBe(0)
  })

  it('answers logout without a session with 204 too', async () => {
    expect((await env.app.request('/api/auth/logout', call('POST'))).status).toBe(204)
  })

  it('needs the Key header to sign in, out or check the session', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/session'],
    ] as const) {
      const res = await env.app.request(path, call(method, method === 'POST' ? { email: 'a@b.co', password } : undefined, { key: null }))
      expect(res.status, path).toBe(401)
      expect(await res.json()).toEqual({ error: 'Missing Key header' })
    }
  })
})
