import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { call, password, sessionCookie, signUp, useAccountsApp } from '../helpers/accounts.ts'

/** The signed_in hint a response set: its value and the raw Set-Cookie line. */
function hint(res: Response): { value: string; line: string } | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('signed_in='))
  return line ? { value: line.split(';')[0]!.slice('signed_in='.length), line } : undefined
}

const tagOf = (cookie: string) => createHash('sha256').update(cookie.slice('sid='.length)).digest('hex')

describe('the signed-in hint and the logout a device queued offline', () => {
  const env = useAccountsApp()

  it('sets a script-readable signed_in hint with the session, holding only its tag', async () => {
    const signup = await env.app.request('/api/v2/users', call('POST', (await import('../helpers/accounts.ts')).signupBody()))
    const cookie = sessionCookie(signup)!
    const set = hint(signup)
    expect(set?.value).toBe(tagOf(cookie))
    expect(set?.line).not.toMatch(/HttpOnly/i)
    expect(set?.line).toMatch(/SameSite=Lax/)
    expect(set?.line).toMatch(/Max-Age=\d+/)
    expect(cookie).not.toContain(set!.value)
  })

  it('sets the hint on login too and clears it with the session on logout', async () => {
    const { email } = await signUp(env.app)
    const login = await env.app.request('/api/auth/login', call('POST', { email, password }, { from: '198.51.100.77' }))
    expect(hint(login)?.value).toBe(tagOf(sessionCookie(login)!))
    const out = await env.app.request('/api/auth/logout', call('POST', undefined, { cookie: sessionCookie(login)! }))
    expect(hint(out)?.line).toMatch(/^signed_in=; Max-Age=0/)
  })

  it('clears a stale hint with a stale session cookie', async () => {
    const res = await env.app.request('/api/auth/session', call('GET', undefined, { cookie: 'sid=gone' }))
    expect(res.status).toBe(401)
    expect(hint(res)?.line).toMatch(/^signed_in=; Max-Age=0/)
  })

  it('ends the session a queued logout names, even when the request carries no cookie', async () => {
    const { cookie } = await signUp(env.app)
    const res = await env.app.request('/api/auth/logout', call('POST', { session: tagOf(cookie) }))
    expect(res.status).toBe(204)
    expect((await env.app.request('/api/auth/session', call('GET', undefined, { cookie }))).status).toBe(401)
  })

  it('keeps the session of a customer who signed in since: only the named one ends', async () => {
    const first = await signUp(env.app)
    const second = await signUp(env.app)
    const res = await env.app.request('/api/auth/logout', call('POST', { session: tagOf(first.cookie) }, { cookie: second.cookie }))
    expect(res.status).toBe(204)
    expect(res.headers.getSetCookie()).toEqual([])
    expect((await env.app.request('/api/auth/session', call('GET', undefined, { cookie: first.cookie }))).status).toBe(401)
    expect((await env.app.request('/api/auth/session', call('GET', undefined, { cookie: second.cookie }))).status).toBe(200)
  })

  it('answers a replayed queued logout with 204 again, and a malformed tag with 400', async () => {
    const { cookie } = await signUp(env.app)
    for (let i = 0; i < 2; i++) expect((await env.app.request('/api/auth/logout', call('POST', { session: tagOf(cookie) }))).status).toBe(204)
    expect((await env.app.request('/api/auth/logout', call('POST', { session: 'not-a-tag' }))).status).toBe(400)
  })
})
