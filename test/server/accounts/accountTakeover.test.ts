import { describe, expect, it } from 'vitest'
import { openDb } from '../../../server/db/createDb.ts'
import { migrate, readMigrations } from '../../../server/db/migrate.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { createPasswordReset } from '../../../server/accounts/passwordResets.ts'
import type { Queryable } from '../../../server/db/types.ts'
import { call, password, sessionCookie, signUp, signupBody, uniqueEmail, useAccountsApp, type Customer } from '../helpers/accounts.ts'
import { whoAmI } from '../helpers/accountEdits.ts'
import { freshDatabase, startupTimeout } from '../helpers/testDb.ts'

const newPassword = 'Fresh#4567'

interface OutboxMail {
  recipient: string
  language: string
  template: string
  subject: string
  text: string
}

/** The mails queued for `to` (the mail outbox), oldest first. */
const outbox = (db: Queryable, to: string) =>
  db.query<OutboxMail>('select recipient, language, template, subject, text from mail_outbox where lower(recipient) = lower($1) order by id', [to])

/** The latest mail of `template` to `to` in the mail outbox, where every mail is written (and kept once sent). */
async function latestMail(db: Queryable, to: string, template: string): Promise<string> {
  const [row] = await db.query<{ text: string }>('select text from mail_outbox where lower(recipient) = lower($1) and template = $2 order by id desc limit 1', [
    to,
    template,
  ])
  if (!row) throw new Error(`no ${template} mail to ${to}`)
  return row.text
}

/** The token of the link to `path` in a mail's text. */
const tokenIn = (text: string, path: string) => {
  const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([\\w-]{43})\\n`).exec(text)?.[1]
  if (!found) throw new Error(`no ${path} link in:\n${text}`)
  return found
}

describe('nobody takes over an account through an email change (issue 28, point 1)', () => {
  let address = 0
  // Each test from its own client address, so only the limits a test exercises can trip.
  const from = () => `198.51.100.${++address}`
  const env = useAccountsApp()

  const askChange = (me: Customer, email: string) =>
    env.app.request(`/api/v2/users/${me.id}/email`, call('POST', { email, current_password: password }, { cookie: me.cookie, from: from() }))
  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const stop = (token: string) => env.app.request('/api/v2/email_changes/stop', call('POST', { token }))
  const undo = (token: string) => env.app.request('/api/v2/email_changes/undo', call('POST', { token }))
  const login = (email: string, pw = password) => env.app.request('/api/auth/login', call('POST', { email, password: pw }, { from: from() }))
  const session = (cookie: string) => env.app.request('/api/auth/session', call('GET', undefined, { cookie }))
  const checkReset = (token: string) => env.app.request('/api/auth/password/reset/check', call('POST', { token }))
  const verifiedBy = async (id: number) =>
    (await env.t.db.query<{ by: string | null }>('select email_verified_by as by from customers where id = $1', [id]))[0]?.by

  /** Asks to move `me` to a new address; returns it and the token of the link mailed there. */
  async function pendingChange(me: Customer) {
    const next = uniqueEmail('next')
    expect((await askChange(me, next)).status).toBe(200)
    return { next, token: tokenIn(await latestMail(env.t.db, next, 'emailChange'), '/confirm_email') }
  }

  it('a password change ends the pending email change: its link answers 410, the email stays, and the address is told', async () => {
    // The notice speaks the account's language (the customer signed up in isiXhosa).
    const me = await signUp(env.app, {}, { language: 'xh' })
    const { token } = await pendingChange(me)
    const changed = await env.app.request(
      '/api/auth/password',
      call('POST', { current_password: password, password: newPassword }, { cookie: `${me.cookie}; lang=xh`, from: from() }),
    )
    expect(changed.status).toBe(204)
    const late = await confirm(token)
    expect(late.status).toBe(410)
    expect(await late.json()).toEqual({ error: serverMessages.emailLinkInvalid })
    const user = await whoAmI(env.app, me)
    expect(user.email).toBe(me.email)
    expect(user.pending_email).toBeUndefined()
    const notice = (await outbox(env.t.db, me.email)).filter((m) => m.template === 'passwordChanged')
    expect(notice).toEqual([
      expect.objectContaining({ recipient: me.email, language: 'xh', subject: 'Iphasiwedi yeakhawunti yakho ye-Seed Storefront itshintshiwe' }),
    ])
    expect(notice[0]?.text).toContain('/forgot_password')
  })

  it('a reset by link ends the pending email change too, and proves the email', async () => {
    const me = await signUp(env.app)
    const { token } = await pendingChange(me)
    const reset = await env.app.request(
      '/api/auth/password/reset',
      call('POST', { token: await createPasswordReset(env.t.db, me.id), password: newPassword }, { from: from() }),
    )
    expect(reset.status).toBe(200)
    expect((await confirm(token)).status).toBe(410)
    const [row] = await env.t.db.query('select email, pending_email from customers where id = $1', [me.id])
    expect(row).toEqual({ email: me.email, pending_email: null })
    expect(await verifiedBy(me.id)).toBe('reset_link')
    expect((await outbox(env.t.db, me.email)).map((m) => m.template)).toContain('passwordChanged')
  })

  it('confirming a new email ends the reset links mailed to the old one, and proves the new one', async () => {
    const me = await signUp(env.app)
    const resetToken = await createPasswordReset(env.t.db, me.id)
    const { next, token } = await pendingChange(me)
    expect((await confirm(token)).status).toBe(200)
    const check = await checkReset(resetToken)
    expect(check.status).toBe(410)
    expect(await check.json()).toMatchObject({ reason: 'used' })
    const reset = await env.app.request('/api/auth/password/reset', call('POST', { token: resetToken, password: newPassword }, { from: from() }))
    expect(reset.status).toBe(410)
    expect((await login(next)).status).toBe(200)
    expect(await verifiedBy(me.id)).toBe('email_change')
  })

  it('tells the old address of a pending change with a link that stops it, once', async () => {
    const me = await signUp(env.app)
    const { next, token } = await pendingChange(me)
    const [notice] = (await outbox(env.t.db, me.email)).filter((m) => m.template === 'emailChangeNotice')
    expect(notice).toMatchObject({ recipient: me.email, subject: 'Someone asked to change the email of your Seed Storefront account' })
    expect(notice?.text).toContain(next)
    const stopToken = tokenIn(notice!.text, '/email_change/stop')

    const stopped = await stop(stopToken)
    expect(stopped.status).toBe(200)
    expect(await stopped.json()).toEqual({ email: me.email })
    expect((await whoAmI(env.app, me)).pending_email).toBeUndefined()
    expect((await confirm(token)).status).toBe(410)
    const again = await stop(stopToken)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ error: serverMessages.stopLinkInvalid })
    expect(await whoAmI(env.app, me)).toMatchObject({ email: me.email })
  })

  it('tells the old address of a confirmed change with a link that puts it back, once, and locks out whoever moved it', async () => {
    const me = await signUp(env.app)
    const elsewhere = sessionCookie(await login(me.email))!
    const { next, token } = await pendingChange(me)
    const stopToken = tokenIn(await latestMail(env.t.db, me.email, 'emailChangeNotice'), '/email_change/stop')
    expect((await confirm(token)).status).toBe(200)
    // Once confirmed, the stop link is done: the undo link is what works now.
    expect((await stop(stopToken)).status).toBe(410)
    const [notice] = (await outbox(env.t.db, me.email)).filter((m) => m.template === 'emailChangedNotice')
    expect(notice).toMatchObject({ recipient: me.email, subject: 'The email of your Seed Storefront account was changed' })
    expect(notice?.text).toContain(next)
    const undoToken = tokenIn(notice!.text, '/email_change/undo')
    // The old address stays reserved while the undo link is open: nobody registers it to block the undo.
    const squat = await env.app.request('/api/v2/users', call('POST', signupBody({ email: me.email.toUpperCase() }), { from: from() }))
    expect(squat.status).toBe(409)
    // The new holder changes the password: the undo link still works, as it is how the old address wins back the account.
    const holder = sessionCookie(await login(next))!
    const changed = await env.app.request(
      '/api/auth/password',
      call('POST', { current_password: password, password: newPassword }, { cookie: holder, from: from() }),
    )
    expect(changed.status).toBe(204)
    const resetToken = await createPasswordReset(env.t.db, me.id)

    const undone = await undo(undoToken)
    expect(undone.status).toBe(200)
    expect(await undone.json()).toEqual({ email: me.email })
    for (const cookie of [me.cookie, elsewhere, holder]) expect((await session(cookie)).status).toBe(401)
    expect((await login(next, newPassword)).status).toBe(401)
    expect((await login(me.email, newPassword)).status).toBe(401)
    expect((await login(me.email, password)).status).toBe(401)
    expect((await checkReset(resetToken)).status).toBe(410)
    expect(await verifiedBy(me.id)).toBe('email_undo')
    const [row] = await env.t.db.query<{ email: string; pending_email: string | null }>('select email, pending_email from customers where id = $1', [me.id])
    expect(row).toEqual({ email: me.email, pending_email: null })
    const again = await undo(undoToken)
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ error: serverMessages.undoLinkInvalid })
    expect((await undo('A'.repeat(43))).status).toBe(410)
  })

  it('mails a new customer a link that verifies the email, without the name they typed; the account works meanwhile', async () => {
    const me = await signUp(env.app)
    expect(await verifiedBy(me.id)).toBeNull()
    expect((await session(me.cookie)).status).toBe(200)
    const [mail] = await outbox(env.t.db, me.email)
    expect(mail).toMatchObject({ recipient: me.email, template: 'signupConfirm', subject: 'Confirm your email for Seed Storefront' })
    expect(mail?.text).not.toContain('Thandi')
    const verify = (token: string) => env.app.request('/api/v2/email_verifications', call('POST', { token }))
    const token = tokenIn(mail!.text, '/verify_email')
    const verified = await verify(token)
    expect(verified.status).toBe(200)
    expect(await verified.json()).toEqual({ email: me.email })
    expect(await verifiedBy(me.id)).toBe('signup_link')
    // A reload of the page says so again; a link nobody sent does not.
    expect((await verify(token)).status).toBe(200)
    expect((await verify('A'.repeat(43))).status).toBe(410)
  })
})

describe('migration 014 on a database with customers', () => {
  it(
    'counts the customers it finds as verified (existing), and leaves later sign-ups unverified',
    async () => {
      const fresh = await freshDatabase()
      const db = await openDb(fresh.url)
      try {
        const all = readMigrations()
        await migrate(db, { migrations: all.filter((m) => m.version < 14) })
        await db.query("insert into customers (email, password_hash) values ('before@example.co.za', 'x')")
        expect(await migrate(db, { migrations: all })).toContain('014_verified_email.sql')
        await db.query("insert into customers (email, password_hash) values ('after@example.co.za', 'x')")
        const rows = await db.query('select email, email_verified_by as by, email_verified_at is not null as verified from customers order by id')
        expect(rows).toEqual([
          { email: 'before@example.co.za', by: 'existing', verified: true },
          { email: 'after@example.co.za', by: null, verified: false },
        ])
      } finally {
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )
})
