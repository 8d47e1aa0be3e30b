import { afterEach, describe, expect, it, vi } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { passwordChangeLimits } from '../../../server/accounts/passwordChangeLimiter.ts'
import { createEmailLink } from '../../../server/accounts/emailLinks.ts'
import { createPasswordReset } from '../../../server/accounts/passwordResets.ts'
import { scryptGate } from '../../../server/accounts/password.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { findOrCreateSocialCustomer } from '../../../server/social/socialCustomer.ts'
import { call, password, sessionCookie, signUp, testScryptN, uniqueEmail, useAccountsApp, type Customer } from '../helpers/accounts.ts'

/**
 * Issue 36, point 1: work admitted before a lockout never lands after it. Each race is driven deterministically: the
 * request's hash is held at the gate every scrypt passes, the lockout runs to its end, then the hash is let go.
 */

/**
 * Holds the `nth` scrypt asked of the gate from now (1: the next one) in its place in the gate until released, as a
 * slow hashing queue would; every other passes through. Released at the latest when the test ends.
 */
function holdHash(nth = 1) {
  const run = scryptGate.run.bind(scryptGate)
  let calls = 0
  let reached!: () => void
  let release!: () => void
  const atGate = new Promise<void>((resolve) => {
    reached = resolve
  })
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.spyOn(scryptGate, 'run').mockImplementation((task, holder) => {
    if (++calls !== nth) return run(task, holder)
    return run(async () => {
      reached()
      await released
      return task()
    }, holder)
  })
  releases.push(release)
  return { atGate, release }
}

const releases: (() => void)[] = []
afterEach(() => {
  for (const release of releases.splice(0)) release()
})

/** The token of the newest link to `path` mailed to `to` with `template` (the mail outbox keeps every mail). */
async function mailedLink(db: Queryable, to: string, template: string, path: string): Promise<string> {
  const [row] = await db.query<{ text: string }>('select text from mail_outbox where lower(recipient) = lower($1) and template = $2 order by id desc limit 1', [
    to,
    template,
  ])
  const token = new RegExp(`${path}\\?token=([\\w-]{43})`).exec(row?.text ?? '')?.[1]
  if (!token) throw new Error(`no ${path} link in the ${template} mail to ${to}`)
  return token
}

const owner = 'Owner#2026a'
const attackers = 'Thief#2026b'

describe('one version of the credentials: nothing admitted before a lockout outlives it (issue 36, point 1)', () => {
  let address = 0
  const from = () => `203.0.113.${++address}`
  const env = useAccountsApp()
  afterEach(() => vi.restoreAllMocks())

  const login = (email: string, pw: string) => env.app.request('/api/auth/login', call('POST', { email, password: pw }, { from: from() }))
  const session = (cookie: string) => env.app.request('/api/auth/session', call('GET', undefined, { cookie }))
  const change = (cookie: string, current: string, next: string) =>
    env.app.request('/api/auth/password', call('POST', { current_password: current, password: next }, { cookie, from: from() }))
  const reset = (token: string, pw: string) => env.app.request('/api/auth/password/reset', call('POST', { token, password: pw }))
  const askEmailChange = (me: Customer, email: string, cookie = me.cookie) =>
    env.app.request(`/api/v2/users/${me.id}/email`, call('POST', { email, current_password: password }, { cookie, from: from() }))
  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const undo = (token: string) => env.app.request('/api/v2/email_changes/undo', call('POST', { token }))
  const emailOf = async (id: number) => (await env.t.db.query<{ email: string }>('select email from customers where id = $1', [id]))[0]?.email
  const sessionsOf = async (id: number) => (await env.t.db.query('select 1 from sessions where customer_id = $1', [id])).length

  const linkIn = (to: string, template: string, path: string) => mailedLink(env.t.db, to, template, path)

  /** The attacker, who knows the password, moves the owner's account to his address: the owner's undo link is mailed. */
  async function takenByEmailChange(me: Customer) {
    const thief = uniqueEmail('thief')
    expect((await askEmailChange(me, thief)).status).toBe(200)
    expect((await confirm(await linkIn(thief, 'emailChange', '/confirm_email'))).status).toBe(200)
    return { thief, undoToken: await linkIn(me.email, 'emailChangedNotice', '/email_change/undo') }
  }

  it('a password change held in the hashing queue while the owner resets by link writes nothing: 409, and the reset stands', async () => {
    const me = await signUp(env.app)
    // The attacker, signed in with the password, keeps a change in flight: its new hash (the second scrypt) is held.
    const held = holdHash(2)
    const attackerChange = change(me.cookie, password, attackers)
    await held.atGate
    const reset1 = await reset(await createPasswordReset(env.t.db, me.id), owner)
    expect(reset1.status).toBe(200)
    const ownersCookie = sessionCookie(reset1)!
    held.release()
    const late = await attackerChange
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({ error: serverMessages.credentialsChanged })
    expect((await login(me.email, attackers)).status).toBe(401)
    expect((await login(me.email, owner)).status).toBe(200)
    // The owner's fresh session is the one that lives; the attacker's ended with the reset.
    expect((await session(ownersCookie)).status).toBe(200)
    expect((await session(me.cookie)).status).toBe(401)
  })

  it('a password change held while the owner follows the undo link writes nothing: the attacker is out for good', async () => {
    const me = await signUp(env.app)
    const { undoToken } = await takenByEmailChange(me)
    const held = holdHash(2)
    const attackerChange = change(me.cookie, password, attackers)
    await held.atGate
    expect((await undo(undoToken)).status).toBe(200)
    held.release()
    expect((await attackerChange).status).toBe(409)
    expect(await emailOf(me.id)).toBe(me.email)
    expect((await login(me.email, attackers)).status).toBe(401)
    expect((await login(me.email, password)).status).toBe(401)
    expect(await sessionsOf(me.id)).toBe(0)
  })

  it('a password change held while a verified social sign-in takes the unproven account writes nothing', async () => {
    // Someone registered the owner's address first and knows the password they chose; the address was never proven.
    const preRegistered = await signUp(env.app)
    const held = holdHash(2)
    const squatterChange = change(preRegistered.cookie, password, attackers)
    await held.atGate
    const notice = { origin: 'http://localhost' }
    const who = { provider: 'google' as const, subject: `g-${preRegistered.id}`, email: preRegistered.email, emailVerified: true, displayName: 'Thandi Owner' }
    const taken = await findOrCreateSocialCustomer(env.t.db, who, { scryptN: testScryptN, notice, language: 'en' })
    expect(taken.customerId).toBe(preRegistered.id)
    held.release()
    expect((await squatterChange).status).toBe(409)
    expect((await login(preRegistered.email, attackers)).status).toBe(401)
    expect((await login(preRegistered.email, password)).status).toBe(401)
  })

  it('a sign-in whose password check is held while the owner resets makes no session: 401, and no session is stored', async () => {
    const me = await signUp(env.app)
    const held = holdHash(1)
    const attackerSignIn = login(me.email, password)
    await held.atGate
    expect((await reset(await createPasswordReset(env.t.db, me.id), owner)).status).toBe(200)
    const sessionsAfterReset = await sessionsOf(me.id)
    held.release()
    const late = await attackerSignIn
    expect(late.status).toBe(401)
    expect(sessionCookie(late)).toBeUndefined()
    expect(await sessionsOf(me.id)).toBe(sessionsAfterReset)
  })

  it('a session made before a reset no longer answers, even one the reset did not delete (made under the old version)', async () => {
    const me = await signUp(env.app)
    // A session row the reset's delete missed (written by a sign-in that committed just after it) is still refused.
    await env.t.db.query('update customers set credential_version = credential_version + 1 where id = $1', [me.id])
    expect((await session(me.cookie)).status).toBe(401)
  })

  it('a reset link taken before the owner undoes the change writes nothing: 410, and the taker is out', async () => {
    const me = await signUp(env.app)
    const { thief } = await takenByEmailChange(me)
    // The attacker asked for a reset link to the address he moved the account to, and uses it: its hash is held.
    const thiefsLink = await createPasswordReset(env.t.db, me.id)
    const undoToken = await linkIn(me.email, 'emailChangedNotice', '/email_change/undo')
    const held = holdHash(1)
    const thiefsReset = reset(thiefsLink, attackers)
    await held.atGate
    expect((await undo(undoToken)).status).toBe(200)
    held.release()
    const late = await thiefsReset
    expect(late.status).toBe(410)
    expect(sessionCookie(late)).toBeUndefined()
    expect((await login(me.email, attackers)).status).toBe(401)
    expect((await login(thief, attackers)).status).toBe(401)
    expect(await sessionsOf(me.id)).toBe(0)
  })

  it('whoever keeps changing the password cannot stop the owner resetting it: links stay good, and a change landing mid-reset loses', async () => {
    const me = await signUp(env.app)
    const ownersLink = await createPasswordReset(env.t.db, me.id)
    // A completed change leaves the reset link working.
    expect((await change(me.cookie, password, attackers)).status).toBe(204)
    const check = await env.app.request('/api/auth/password/reset/check', call('POST', { token: ownersLink }))
    expect(check.status).toBe(200)
    // The owner's reset is hashing while the attacker completes another change: the owner's password still wins.
    const held = holdHash(1)
    const ownersReset = reset(ownersLink, owner)
    await held.atGate
    expect((await change(me.cookie, attackers, 'Thief#2026c')).status).toBe(204)
    held.release()
    const done = await ownersReset
    expect(done.status).toBe(200)
    expect((await login(me.email, owner)).status).toBe(200)
    expect((await login(me.email, 'Thief#2026c')).status).toBe(401)
    expect((await session(me.cookie)).status).toBe(401)
    expect((await session(sessionCookie(done)!)).status).toBe(200)
  })

  it(`limits successful password changes to ${passwordChangeLimits.perCustomer} an hour per customer`, async () => {
    const me = await signUp(env.app)
    let current = password
    for (let n = 0; n < passwordChangeLimits.perCustomer; n++) {
      const next = `Changed#${n}abc`
      expect((await change(me.cookie, current, next)).status).toBe(204)
      current = next
    }
    const refused = await change(me.cookie, current, 'OneMore#123')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ error: serverMessages.tooManyPasswordChanges })
    expect((await login(me.email, current)).status).toBe(200)
  })

  it('a customer holds one place in the hashing queue: a second check while the first waits is refused at once, a bystander is not', async () => {
    const me = await signUp(env.app)
    const bystander = await signUp(env.app)
    const held = holdHash(1)
    const first = change(me.cookie, password, 'Looping#1abc')
    await held.atGate
    const second = await change(me.cookie, password, 'Looping#2abc')
    expect(second.status).toBe(429)
    expect(await second.json()).toEqual({ error: serverMessages.passwordCheckBusy })
    // Not a failed sign-in: the busy answer counted nothing against the customer's email.
    const deletion = await env.app.request('/api/account/delete', call('POST', { password, confirmation: 'DELETE' }, { cookie: me.cookie, from: from() }))
    expect(deletion.status).toBe(429)
    expect((await login(bystander.email, password)).status).toBe(200)
    held.release()
    expect((await first).status).toBe(204)
  })

  it('an email change whose password check is held while the owner resets writes nothing: no pending address, no link mailed', async () => {
    const me = await signUp(env.app)
    const next = uniqueEmail('thief')
    const held = holdHash(1)
    const attackerMove = askEmailChange(me, next)
    await held.atGate
    expect((await reset(await createPasswordReset(env.t.db, me.id), owner)).status).toBe(200)
    held.release()
    const late = await attackerMove
    expect(late.status).toBe(409)
    expect(await late.json()).toEqual({ error: serverMessages.credentialsChanged })
    const [row] = await env.t.db.query<{ pending_email: string | null }>('select pending_email from customers where id = $1', [me.id])
    expect(row?.pending_email).toBeNull()
    expect(await env.t.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'emailChange'", [next])).toHaveLength(0)
  })

  it('an account deletion whose password check is held while the owner resets deletes nothing', async () => {
    const me = await signUp(env.app)
    const held = holdHash(1)
    const attackerDeletion = env.app.request('/api/account/delete', call('POST', { password, confirmation: 'DELETE' }, { cookie: me.cookie, from: from() }))
    await held.atGate
    expect((await reset(await createPasswordReset(env.t.db, me.id), owner)).status).toBe(200)
    held.release()
    expect((await attackerDeletion).status).toBe(409)
    expect(await emailOf(me.id)).toBe(me.email)
  })
})

describe('undo links cannot be used up by whoever held the account later (issue 36, point 3)', () => {
  let address = 0
  const from = () => `203.0.113.${100 + ++address}`
  const env = useAccountsApp()

  const askEmailChange = (me: Customer, email: string) =>
    env.app.request(`/api/v2/users/${me.id}/email`, call('POST', { email, current_password: password }, { cookie: me.cookie, from: from() }))
  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const undo = (token: string) => env.app.request('/api/v2/email_changes/undo', call('POST', { token }))
  const emailOf = async (id: number) => (await env.t.db.query<{ email: string }>('select email from customers where id = $1', [id]))[0]?.email
  const linkIn = (to: string, template: string, path: string) => mailedLink(env.t.db, to, template, path)

  it('refuses a new email change while the last one can still be undone, with a clear message', async () => {
    const me = await signUp(env.app)
    const m1 = uniqueEmail('m1')
    expect((await askEmailChange(me, m1)).status).toBe(200)
    expect((await confirm(await linkIn(m1, 'emailChange', '/confirm_email'))).status).toBe(200)
    const again = await askEmailChange(me, uniqueEmail('m2'))
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: serverMessages.undoLinkOpen })
  })

  it("a later change's undo link, followed first, leaves the owner's older link working; the owner's undo then wins and ends the later one", async () => {
    const me = await signUp(env.app)
    const m1 = uniqueEmail('m1')
    const m2 = uniqueEmail('m2')
    // owner → m1 → m2, as an account could stand before the refusal above: two undo links open at once.
    expect((await askEmailChange(me, m1)).status).toBe(200)
    expect((await confirm(await linkIn(m1, 'emailChange', '/confirm_email'))).status).toBe(200)
    const ownersUndo = await linkIn(me.email, 'emailChangedNotice', '/email_change/undo')
    await env.t.db.query('update customers set email = $2 where id = $1', [me.id, m2])
    await new Promise((done) => setTimeout(done, 5))
    const m1sUndo = await env.t.db.transaction((tx) => createEmailLink(tx, me.id, 'undo', m1, 24))
    // The attacker follows the link mailed to m1: the account goes back to m1, and the owner's link still works.
    expect((await undo(m1sUndo)).status).toBe(200)
    expect(await emailOf(me.id)).toBe(m1)
    const owners = await undo(ownersUndo)
    expect(owners.status).toBe(200)
    expect(await emailOf(me.id)).toBe(me.email)
    // The owner's undo told the address it replaced.
    expect(await env.t.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'emailRestoredNotice'", [m1])).toHaveLength(1)
  })

  it("following the owner's (older) undo link first ends the later change's undo link", async () => {
    const me = await signUp(env.app)
    const m1 = uniqueEmail('m1')
    expect((await askEmailChange(me, m1)).status).toBe(200)
    expect((await confirm(await linkIn(m1, 'emailChange', '/confirm_email'))).status).toBe(200)
    const ownersUndo = await linkIn(me.email, 'emailChangedNotice', '/email_change/undo')
    await new Promise((done) => setTimeout(done, 5))
    const later = await env.t.db.transaction((tx) => createEmailLink(tx, me.id, 'undo', m1, 24))
    expect((await undo(ownersUndo)).status).toBe(200)
    expect((await undo(later)).status).toBe(410)
    expect(await emailOf(me.id)).toBe(me.email)
  })
})
