import { describe, expect, it } from 'vitest'
import { call, signUp, useAccountsApp } from '../helpers/accounts.ts'

describe('the session behind the sid cookie', () => {
  const env = useAccountsApp()

  const session = (cookie?: string) => env.app.request('/api/auth/session', call('GET', undefined, cookie ? { cookie } : {}))
  const expiry = async (id: number) =>
    (await env.t.db.query<{ expires_at: Date }>('select expires_at from sessions where customer_id = $1', [id]))[0]!.expires_at

  it('answers 200 with the customer for a live session', async () => {
    const { cookie, id, email } = await signUp(env.app)
    const res = await session(cookie)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ user: { id, email } })
  })

  it('answers 401 without a cookie, and 401 clearing the cookie for an unknown one', async () => {
    const none = await session()
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ error: 'Not signed in.' })
    const forged = await session(`sid=${'A'.repeat(43)}`)
    expect(forged.status).toBe(401)
    expect(forged.headers.getSetCookie().join('\n')).toMatch(/^sid=; Max-Age=0/m)
  })

  it('stores only the sha256 of the session id', async () => {
    const { cookie, id } = await signUp(env.app)
    const value = cookie.slice('sid='.length)
    const rows = await env.t.db.query<{ matches: boolean }>(`select id_hash = sha256(convert_to($1, 'UTF8')) as matches from sessions where customer_id = $2`, [
      value,
      id,
    ])
    expect(rows).toEqual([{ matches: true }])
  })

  it('does not touch a session seen within the last day, nor resend its cookie', async () => {
    const { cookie, id } = await signUp(env.app)
    const before = await expiry(id)
    const res = await session(cookie)
    expect(res.headers.getSetCookie()).toEqual([])
    expect(await expiry(id)).toEqual(before)
  })

  it('rolls a session last seen over a day ago forward by 30 days and sends the cookie again', async () => {
    const { cookie, id } = await signUp(env.app)
    await env.t.db.query(`update sessions set last_seen_at = now() - interval '2 days', expires_at = now() + interval '28 days' where customer_id = $1`, [id])
    const res = await session(cookie)
    expect(res.status).toBe(200)
    expect(res.headers.getSetCookie().join('\n')).toMatch(new RegExp(`^${cookie}; Max-Age=259\\d{4}; Path=/;`, 'm'))
    const days = ((await expiry(id)).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)
  })

  it('refuses an expired session even though its row still exists', async () => {
    const { cookie, id } = await signUp(env.app)
    await env.t.db.query(`update sessions set expires_at = now() - interval '1 second', last_seen_at = now() - interval '31 days' where customer_id = $1`, [id])
    expect((await session(cookie)).status).toBe(401)
  })

  it('marks the cookie Secure when the request came over https, directly or through a trusted proxy', async () => {
    const { email } = await signUp(env.app)
    const direct = await env.app.request('https://shop.example/api/auth/login', call('POST', { email, password: 'Secret#123' }, { from: '203.0.113.1' }))
    expect(direct.headers.getSetCookie().join('\n')).toMatch(/^sid=.*; Secure/m)
    const proxied = await env.app.request('/api/auth/login', {
      ...call('POST', { email, password: 'Secret#123' }, { from: '203.0.113.1' }),
      headers: { ...(call('POST', {}).headers as Record<string, string>), 'X-Forwarded-For': '203.0.113.1', 'X-Forwarded-Proto': 'https' },
    })
    expect(proxied.headers.getSetCookie().join('\n')).toMatch(/^sid=.*; Secure/m)
    const plain = await env.app.request('/api/auth/login', call('POST', { email, password: 'Secret#123' }, { from: '203.0.113.1' }))
    expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/Secure/)
  })
})
