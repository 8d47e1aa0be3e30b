import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { staffSignInMessages } from '../../../src/domain/staffSignIn.ts'
import type { Db } from '../../../server/db/types.ts'
import { staffSignIns } from '../../../server/metrics.ts'
import { staffSignInLimit } from '../../../server/staff/signInLimiter.ts'
import { accountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { SoftAuthenticator } from '../helpers/passkeys.ts'
import { acceptInvite, invite, passkeySignIn, staffCookieOf, staffRequest, testOrigin } from '../helpers/staff.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let app: TestApp

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  app = accountsApp(db)
}, startupTimeout)
afterAll(() => t.drop())

const signInCount = async (outcome: string) => (await staffSignIns.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0

/** A member who joined with a passkey of `authenticator`: their id and the cookie joining gave. */
async function joined(role: Parameters<typeof invite>[1], authenticator = new SoftAuthenticator()) {
  const { token, email } = await invite(db, role)
  const res = await acceptInvite(app, token, authenticator)
  expect(res.status, await res.clone().text()).toBe(201)
  const { staff } = (await res.json()) as { staff: { id: number } }
  return { id: staff.id, email, cookie: staffCookieOf(res) ?? '', authenticator }
}

describe('joining the back office by invitation', () => {
  it('makes the member, stores the passkey, uses the invitation, audits it and signs the member in', async () => {
    const authenticator = new SoftAuthenticator()
    const { token, email } = await invite(db, 'fulfilment')
    const options = await staffRequest(app, undefined, 'POST', `/invites/${token}/options`)
    expect(options.status).toBe(200)
    const offered = (await options.json()) as { invite: unknown; options: { rp: { id: string; name: string }; authenticatorSelection: unknown } }
    expect(offered.invite).toEqual({ email, name: 'New fulfilment', role: 'fulfilment' })
    expect(offered.options.rp).toEqual({ id: 'localhost', name: 'Seed Storefront' })
    expect(offered.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })

    const res = await staffRequest(app, undefined, 'POST', `/invites/${token}`, {
      response: authenticator.register(offered.options as never, { origin: testOrigin }),
    })
    expect(res.status).toBe(201)
    const cookie = staffCookieOf(res)
    expect(res.headers.getSetCookie().join()).toMatch(/staff_sid=[^;]+; Max-Age=\d+; Path=\/api\/staff; Expires=[^;]+; HttpOnly; SameSite=Strict/)
    const me = await staffRequest(app, { cookie: cookie ?? '' }, 'GET', '/me')
    expect(await me.json()).toMatchObject({ staff: { email, role: 'fulfilment' } })

    const [member] = await db.query<{ id: number }>('select id from staff where email = $1', [email])
    expect(await db.query('select credential_id from staff_passkeys where staff_id = $1', [member?.id])).toEqual([
      { credential_id: authenticator.passkeys[0]?.id },
    ])
    expect(await db.query('select action, actor, target_type, target_id from audit_log where staff_id = $1', [member?.id])).toEqual([
      { action: 'staff.join', actor: email, target_type: 'staff', target_id: String(member?.id) },
    ])
    expect((await staffRequest(app, undefined, 'POST', `/invites/${token}/options`)).status).toBe(410)
  })

  it('refuses an unknown, used or expired invitation', async () => {
    expect((await staffRequest(app, undefined, 'POST', '/invites/nonsense/options')).status).toBe(404)
    expect((await staffRequest(app, undefined, 'POST', `/invites/${'a'.repeat(43)}/options`)).status).toBe(404)
    const { token } = await invite(db, 'support')
    await db.query(
      "update staff_invites set expires_at = now() - interval '1 second' where email in (select email from staff_invites order by created_at desc limit 1)",
    )
    const expired = await staffRequest(app, undefined, 'POST', `/invites/${token}/options`)
    expect(expired.status).toBe(410)
    expect(await expired.json()).toEqual({ error: staffSignInMessages.inviteExpired })
  })

  it('refuses a second use of an invitation, even when both arrive at once', async () => {
    const { token } = await invite(db, 'finance')
    const [first, second] = [new SoftAuthenticator(), new SoftAuthenticator()]
    const optionsOf = async () => ((await (await staffRequest(app, undefined, 'POST', `/invites/${token}/options`)).json()) as { options: never }).options
    const [a, b] = [await optionsOf(), await optionsOf()]
    const answers = await Promise.all([
      staffRequest(app, undefined, 'POST', `/invites/${token}`, { response: first.register(a, { origin: testOrigin }) }),
      staffRequest(app, undefined, 'POST', `/invites/${token}`, { response: second.register(b, { origin: testOrigin }) }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([201, 410])
    expect(await db.query('select 1 from staff_passkeys where credential_id = any($1)', [[first.passkeys[0]?.id, second.passkeys[0]?.id]])).toHaveLength(1)
    expect((await acceptInvite(app, token, new SoftAuthenticator())).status).toBe(410)
  })

  it('refuses a passkey made for another origin or relying party, or without user verification', async () => {
    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { unverified: true }]) {
      const { token } = await invite(db, 'support')
      const res = await acceptInvite(app, token, new SoftAuthenticator(), ceremony)
      expect(res.status, JSON.stringify(ceremony)).toBe(422)
      expect(await res.json()).toEqual({ error: staffSignInMessages.passkeyNotRegistered })
      expect(staffCookieOf(res)).toBeUndefined()
    }
  })

  it('adds a passkey to a member already on the team, keeping their role', async () => {
    const member = await joined('support')
    const { token } = await invite(db, 'support', member.email)
    const laptop = new SoftAuthenticator()
    expect((await acceptInvite(app, token, laptop)).status).toBe(201)
    expect(await db.query('select count(*)::int as n from staff_passkeys where staff_id = $1', [member.id])).toEqual([{ n: 2 }])
    expect((await passkeySignIn(app, laptop)).status).toBe(200)
  })
})

describe('signing in with a passkey', () => {
  it('signs the member in, moves the counter and audits it', async () => {
    const member = await joined('finance')
    const before = await signInCount('signed_in')
    const res = await passkeySignIn(app, member.authenticator)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ staff: { id: member.id, role: 'finance' } })
    const me = await staffRequest(app, { cookie: staffCookieOf(res) ?? '' }, 'GET', '/me')
    expect(me.status).toBe(200)
    expect(await db.query('select counter::int from staff_passkeys where staff_id = $1', [member.id])).toEqual([{ counter: 1 }])
    expect(await db.query("select 1 from audit_log where staff_id = $1 and action = 'staff.sign-in'", [member.id])).toHaveLength(1)
    expect(await signInCount('signed_in')).toBe(before + 1)
  })

  it('refuses a replayed answer: each challenge is answered once', async () => {
    const member = await joined('support', new SoftAuthenticator(false))
    const options = (await (await staffRequest(app, undefined, 'POST', '/sign-in/options')).json()) as { options: never }
    const answer = member.authenticator.assert(options.options, { origin: testOrigin })
    const send = () => staffRequest(app, undefined, 'POST', '/sign-in', { response: answer })
    expect((await send()).status).toBe(200)
    const replayed = await send()
    expect(replayed.status).toBe(401)
    expect(await replayed.json()).toEqual({ error: staffSignInMessages.signInRefused })
  })

  it('refuses an answer whose counter went back (a cloned authenticator)', async () => {
    const member = await joined('support')
    expect((await passkeySignIn(app, member.authenticator)).status).toBe(200)
    const passkey = member.authenticator.passkeys[0]
    if (passkey) passkey.counter = 0
    expect((await passkeySignIn(app, member.authenticator)).status).toBe(401)
  })

  it('refuses an answer for another origin or relying party, an unknown passkey and a removed member, with one message', async () => {
    const member = await joined('fulfilment')
    for (const ceremony of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { unverified: true }]) {
      const res = await passkeySignIn(app, member.authenticator, ceremony)
      expect(res.status, JSON.stringify(ceremony)).toBe(401)
      expect(await res.json()).toEqual({ error: staffSignInMessages.signInRefused })
    }
    const stranger = new SoftAuthenticator()
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } }, { origin: testOrigin })
    expect((await passkeySignIn(app, stranger)).status).toBe(401)
    await db.query('update staff set removed_at = now() where id = $1', [member.id])
    expect((await passkeySignIn(app, member.authenticator)).status).toBe(401)
  })

  it('takes the relying party from PUBLIC_URL when set, and from the proxy only when TRUST_PROXY believes it', async () => {
    const member = await joined('support')
    const behindProxy = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'shop.example.co.za' }
    const proxied = accountsApp(db, { trustProxy: true })
    const optionsVia = async (target: TestApp, headers: Record<string, string>) =>
      (
        (await (
          await target.request('/api/staff/sign-in/options', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } })
        ).json()) as {
          options: { rpId: string }
        }
      ).options.rpId
    expect(await optionsVia(proxied, behindProxy)).toBe('shop.example.co.za')
    expect(await optionsVia(accountsApp(db, { trustProxy: false }), behindProxy)).toBe('localhost')
    const published = accountsApp(db, { publicUrl: 'https://shop.example.co.za' })
    expect(await optionsVia(published, { 'X-Forwarded-Host': 'evil.example' })).toBe('shop.example.co.za')
    // A passkey made on localhost signs no one in on the published shop.
    expect((await passkeySignIn(published, member.authenticator, { origin: 'https://shop.example.co.za', rpId: 'localhost' })).status).toBe(401)
  })

  it('limits refused answers per address and counts each outcome', async () => {
    const stranger = new SoftAuthenticator()
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } }, { origin: testOrigin })
    const from = { 'X-Forwarded-For': '198.51.100.77' }
    const [refused, limited] = [await signInCount('refused'), await signInCount('limited')]
    for (let i = 0; i < staffSignInLimit.max; i++) expect((await passkeySignIn(app, stranger, {}, from)).status).toBe(401)
    const res = await passkeySignIn(app, stranger, {}, from)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await res.json()).toEqual({ error: serverMessages.tooManyAttempts })
    expect(await signInCount('refused')).toBe(refused + staffSignInLimit.max)
    expect(await signInCount('limited')).toBe(limited + 1)
    // Another address is not held back.
    expect((await passkeySignIn(app, stranger, {}, { 'X-Forwarded-For': '198.51.100.78' })).status).toBe(401)
  })
})

describe('the step-up', () => {
  it("marks the session stepped up after a fresh check with one of the member's own passkeys", async () => {
    const member = await joined('owner')
    const other = await joined('owner')
    await db.query('update staff_sessions set stepped_up_at = null where staff_id = $1', [member.id])
    const optionsRes = await staffRequest(app, member, 'POST', '/step-up/options')
    expect(optionsRes.status).toBe(200)
    const { options } = (await optionsRes.json()) as { options: { allowCredentials: { id: string }[] } }
    expect(options.allowCredentials.map((c) => c.id)).toEqual([member.authenticator.passkeys[0]?.id])

    // Someone else's passkey does not confirm this member.
    const foreign = other.authenticator.assert(options as never, { origin: testOrigin }, other.authenticator.passkeys[0])
    expect((await staffRequest(app, member, 'POST', '/step-up', { response: foreign })).status).toBe(422)

    const fresh = (await (await staffRequest(app, member, 'POST', '/step-up/options')).json()) as { options: never }
    const res = await staffRequest(app, member, 'POST', '/step-up', { response: member.authenticator.assert(fresh.options, { origin: testOrigin }) })
    expect(res.status).toBe(204)
    const [session] = await db.query<{ fresh: boolean }>(
      "select stepped_up_at > now() - interval '5 seconds' as fresh from staff_sessions where staff_id = $1",
      [member.id],
    )
    expect(session?.fresh).toBe(true)
    expect((await staffRequest(app, undefined, 'POST', '/step-up/options')).status).toBe(401)
  })
})

describe('staff session limits', () => {
  it('ends a session idle longer than STAFF_IDLE_MINUTES and any session STAFF_SESSION_HOURS after its sign-in', async () => {
    const limited = accountsApp(db, { staffIdleMinutes: 5, staffSessionHours: 2 })
    const member = await joined('support')
    const res = await passkeySignIn(limited, member.authenticator)
    const session = { cookie: staffCookieOf(res) ?? '' }
    const [row] = await db.query<{ hours: number }>(
      'select extract(epoch from expires_at - created_at) / 3600 as hours from staff_sessions where staff_id = $1 order by created_at desc limit 1',
      [member.id],
    )
    expect(Math.round(Number(row?.hours))).toBe(2)
    await db.query("update staff_sessions set last_seen_at = now() - interval '4 minutes'")
    expect((await staffRequest(limited, session, 'GET', '/me')).status).toBe(200)
    await db.query("update staff_sessions set last_seen_at = now() - interval '6 minutes' where staff_id = $1", [member.id])
    expect((await staffRequest(limited, session, 'GET', '/me')).status).toBe(401)

    const again = { cookie: staffCookieOf(await passkeySignIn(limited, member.authenticator)) ?? '' }
    expect((await staffRequest(limited, again, 'GET', '/me')).status).toBe(200)
    await db.query("update staff_sessions set expires_at = now() - interval '1 second' where staff_id = $1", [member.id])
    const ended = await staffRequest(limited, again, 'GET', '/me')
    expect(ended.status).toBe(401)
    expect(ended.headers.getSetCookie().join()).toMatch(/staff_sid=;/)
  })
})
