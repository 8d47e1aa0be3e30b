import { describe, expect, it } from 'vitest'
import type { User } from '../../../src/domain/account.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { emailChangeLimits } from '../../../server/accounts/emailChangeLimiter.ts'
import { createApp } from '../../../server/app.ts'
import type { Mail } from '../../../server/mail/mail.ts'
import {
  apiKey,
  call,
  mailsTo,
  outboxTo,
  password,
  signUp,
  testScryptN,
  uniqueEmail,
  useAccountsApp,
  type Customer,
  type TestApp,
} from '../helpers/accounts.ts'
import { whoAmI } from '../helpers/accountEdits.ts'

describe('changing the email: a link to the new address, the old one kept until it is followed', () => {
  let address = 0
  // Each test from its own client address, so only the limits a test exercises can trip.
  const from = () => `198.51.100.${++address}`
  const env = useAccountsApp()

  const ask = (me: Customer, body: unknown, as: Customer = me, app: TestApp = env.app) =>
    app.request(`/api/v2/users/${me.id}/email`, { ...call('POST', body, { cookie: as.cookie, from: from() }) })
  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const login = (email: string) => env.app.request('/api/auth/login', call('POST', { email, password }, { from: from() }))
  const tokenOf = (mail: Mail) => /\/confirm_email\?token=([\w-]{43})\n/.exec(mail.text)![1]!

  it('asks for the current password, mails the new address in the customer language, and keeps the old email meanwhile', async () => {
    // The customer's language is the one their account records (they signed up in Afrikaans).
    const me = await signUp(env.app, {}, { language: 'af' })
    const next = uniqueEmail('new')
    const res = await env.app.request(`/api/v2/users/${me.id}/email`, {
      ...call('POST', { email: next, current_password: password }, { cookie: `${me.cookie}; lang=af`, from: from() }),
    })
    expect(res.status).toBe(200)
    const { user } = (await res.json()) as { user: User }
    expect(user).toMatchObject({ email: me.email, pending_email: next })
    const [mail] = await mailsTo(env.t.db, next)
    expect(mail).toMatchObject({ to: next, template: 'emailChange', language: 'af', subject: 'Bevestig jou nuwe e-pos vir Seed Storefront' })
    // The old address gets no link that confirms anything: only the notice of the change (test/server/accounts/accountTakeover.test.ts)
    // besides its own sign-up confirmation.
    expect((await mailsTo(env.t.db, me.email)).map((m) => m.template)).toEqual(['emailChangeNotice', 'signupConfirm'])
    expect((await login(me.email)).status).toBe(200)
    expect((await login(next)).status).toBe(401)

    const confirmed = await confirm(tokenOf(mail!))
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ email: next })
    expect(await whoAmI(env.app, me)).toMatchObject({ email: next })
    expect((await whoAmI(env.app, me)).pending_email).toBeUndefined()
    expect((await login(next)).status).toBe(200)
    expect((await login(me.email)).status).toBe(401)
    // Followed again (a reload of the page): it says so again, and nothing else changes.
    expect((await confirm(tokenOf(mail!))).status).toBe(200)
  })

  it('refuses a wrong password, and the same email, changing nothing', async () => {
    const me = await signUp(env.app)
    const wrong = await ask(me, { email: uniqueEmail(), current_password: 'Wrong#1234' })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toEqual({ error: 'The current password is not correct.' })
    const same = await ask(me, { email: me.email, current_password: password })
    expect(same.status).toBe(400)
    const invalid = await ask(me, { email: 'thandi@', current_password: '' })
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'email', message: 'Invalid email address.' },
      { path: 'current_password', message: 'Current password is required.' },
    ])
    expect((await whoAmI(env.app, me)).pending_email).toBeUndefined()
  })

  /** An answer with the address asked for and the customer's own email and ids written as placeholders, to compare two customers' answers. */
  const shapeOf = async (res: Response, me: Customer, asked: string) => ({
    status: res.status,
    headers: [...res.headers.keys()].filter((name) => name !== 'date' && name !== 'x-request-id').sort(),
    body: (await res.text())
      .replaceAll(asked, '<asked>')
      .replaceAll(me.email, '<email>')
      .replaceAll(`"id":${me.id}`, '"id":0')
      .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<address id>'),
  })

  it('answers an address another account has exactly as a free one: the same status, headers and body, the address shown as pending', async () => {
    const holder = await signUp(env.app)
    const [me, twin] = [await signUp(env.app), await signUp(env.app)]
    const taken = await ask(me, { email: holder.email.toUpperCase(), current_password: password })
    const free = uniqueEmail('free').toUpperCase()
    const answered = await ask(twin, { email: free, current_password: password })
    expect(taken.status).toBe(200)
    expect(await shapeOf(taken, me, holder.email.toUpperCase())).toEqual(await shapeOf(answered, twin, free))
    expect(await whoAmI(env.app, me)).toMatchObject({ email: me.email, pending_email: holder.email.toUpperCase() })
    // The customer's own address is told as for any change, with the link that stops it.
    expect((await mailsTo(env.t.db, me.email)).map((m) => m.template)).toEqual(['emailChangeNotice', 'signupConfirm'])
  })

  it("mails the holder of a taken address a notice in the holder's language instead of a link, so the change is never confirmed", async () => {
    // The notice speaks the language of the account that has the address (its holder signed up in isiXhosa).
    const holder = await signUp(env.app, { first_name: 'Nolitha' }, { language: 'xh' })
    const me = await signUp(env.app, { first_name: 'Mandla' })
    const res = await env.app.request(`/api/v2/users/${me.id}/email`, {
      ...call('POST', { email: holder.email, current_password: password }, { cookie: `${me.cookie}; lang=xh`, from: from() }),
    })
    expect(res.status).toBe(200)
    const mails = await mailsTo(env.t.db, holder.email)
    // Both may be delivered in the same instant, so they are told apart by template, not by order.
    expect(mails.map((m) => m.template).sort()).toEqual(['emailChangeTaken', 'signupConfirm'])
    const notice = mails.find((m) => m.template === 'emailChangeTaken')
    expect(notice).toMatchObject({ language: 'xh', subject: 'Umntu uzame ukusebenzisa le imeyile kwenye iakhawunti ye-Seed Storefront' })
    // Neither the asker's name nor any link: nothing in it confirms anything.
    expect(notice!.text).not.toMatch(/Mandla|Nolitha|token=/)
    expect(await outboxTo(env.t.db, holder.email, 'emailChange')).toEqual([])
    expect(
      await env.t.db.query("select 1 from mail_outbox where text like '%/confirm_email?token=%' and lower(recipient) = lower($1)", [holder.email]),
    ).toEqual([])
    // The holder keeps signing in with it, the customer with their own.
    expect((await login(holder.email)).status).toBe(200)
    expect(await whoAmI(env.app, me)).toMatchObject({ email: me.email })
  })

  it('counts a taken address against the limits as a free one: the same 429 for the same number of asks', async () => {
    for (const target of [(await signUp(env.app)).email, uniqueEmail('free')]) {
      for (let i = 0; i < emailChangeLimits.perRecipient; i++)
        expect((await ask(await signUp(env.app), { email: target, current_password: password })).status, target).toBe(200)
      const refused = await ask(await signUp(env.app), { email: target, current_password: password })
      expect(refused.status, target).toBe(429)
      expect(await refused.json()).toEqual({ error: serverMessages.tooManyEmailChanges })
    }
    for (const taken of [false, true]) {
      const me = await signUp(env.app)
      const asked = async () => (taken ? (await signUp(env.app)).email : uniqueEmail())
      for (let i = 0; i < emailChangeLimits.perCustomer; i++) expect((await ask(me, { email: await asked(), current_password: password })).status).toBe(200)
      expect((await ask(me, { email: await asked(), current_password: password })).status, `taken: ${taken}`).toBe(429)
    }
  })

  it("lets nobody change another customer's email", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const res = await ask(other, { email: uniqueEmail(), current_password: password }, me)
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'You can only change your own account.' })
    expect((await whoAmI(env.app, other)).pending_email).toBeUndefined()
  })

  it('keeps only the latest link, and refuses an address another customer took before it was followed', async () => {
    const me = await signUp(env.app)
    const first = uniqueEmail('first')
    const second = uniqueEmail('second')
    await ask(me, { email: first, current_password: password })
    await ask(me, { email: second, current_password: password })
    const [old] = await mailsTo(env.t.db, first)
    const stale = await confirm(tokenOf(old!))
    expect(stale.status).toBe(410)
    expect(await stale.json()).toEqual({ error: 'This confirmation link has expired or was already used. Ask for a new one on your profile.' })
    await signUp(env.app, { email: second })
    // The address now also holds its new account's sign-up confirmation: read the link to confirm the change.
    const [latest] = await mailsTo(env.t.db, second, 'emailChange')
    const lost = await confirm(tokenOf(latest!))
    expect(lost.status).toBe(409)
    expect(await whoAmI(env.app, me)).toMatchObject({ email: me.email })
  })

  it('refuses a link past its day, and one nobody sent', async () => {
    const me = await signUp(env.app)
    const next = uniqueEmail()
    await ask(me, { email: next, current_password: password })
    const [mail] = await mailsTo(env.t.db, next)
    await env.t.db.query("update email_changes set expires_at = now() - interval '1 second' where customer_id = $1", [me.id])
    expect((await confirm(tokenOf(mail!))).status).toBe(410)
    expect((await confirm('A'.repeat(43))).status).toBe(410)
    expect((await confirm('short')).status).toBe(400)
    expect(await whoAmI(env.app, me)).toMatchObject({ email: me.email })
  })

  it('greets the new address without the customer’s name: until it is confirmed it may be anyone’s', async () => {
    const me = await signUp(env.app, { first_name: 'Thandiswa' })
    const next = uniqueEmail('stranger')
    expect((await ask(me, { email: next, current_password: password })).status).toBe(200)
    const [mail] = await mailsTo(env.t.db, next)
    expect(mail!.text).toMatch(/^Hello,\n/)
    expect(mail!.text).not.toContain('Thandiswa')
    expect(mail!.html).not.toContain('Thandiswa')
  })

  it(`sends a customer at most ${emailChangeLimits.perCustomer} links an hour, then 429 with Retry-After and the limit message`, async () => {
    const me = await signUp(env.app)
    const asked = Array.from({ length: emailChangeLimits.perCustomer + 1 }, () => uniqueEmail('relay'))
    for (const email of asked.slice(0, -1)) expect((await ask(me, { email, current_password: password })).status).toBe(200)
    const refused = await ask(me, { email: asked.at(-1), current_password: password })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: serverMessages.tooManyEmailChanges })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(emailChangeLimits.customerWindowMinutes * 60 - 60)
    expect(await outboxTo(env.t.db, asked.at(-1)!)).toEqual([])
    for (const email of asked.slice(0, -1)) expect(await outboxTo(env.t.db, email)).toHaveLength(1)
  })

  it(`sends one address at most ${emailChangeLimits.perRecipient} links a day whoever asks, without using up the asker's own limit`, async () => {
    const target = uniqueEmail('target')
    for (let i = 0; i < emailChangeLimits.perRecipient; i++)
      expect((await ask(await signUp(env.app), { email: target.toUpperCase(), current_password: password })).status).toBe(200)
    const late = await signUp(env.app)
    const refused = await ask(late, { email: target, current_password: password })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: serverMessages.tooManyEmailChanges })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(emailChangeLimits.recipientWindowMinutes * 60 - 60)
    expect(await outboxTo(env.t.db, target)).toHaveLength(emailChangeLimits.perRecipient)
    // The refused link did not count against the customer who asked.
    for (let i = 0; i < emailChangeLimits.perCustomer; i++) expect((await ask(late, { email: uniqueEmail(), current_password: password })).status).toBe(200)
  })

  it('answers 200 while the SMTP server is down: the link waits in the outbox, committed with the change', async () => {
    const smtp = { kind: 'smtp', url: 'smtp://127.0.0.1:1', from: 'no-reply@storefront.co.za' } as const
    const app = createApp({ db: env.t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, publicUrl: 'https://shop.example.co.za', mail: smtp } })
    const me = await signUp(app)
    const next = uniqueEmail('down')
    const res = await ask(me, { email: next, current_password: password }, me, app)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { user: User }).user).toMatchObject({ email: me.email, pending_email: next })
    const [queued] = await outboxTo(env.t.db, next)
    expect(queued).toMatchObject({ template: 'emailChange', sent_at: null })
    expect(queued!.text).toMatch(/^https:\/\/shop\.example\.co\.za\/confirm_email\?token=[\w-]{43}$/m)
  })
})
