import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { messages, UserReplySchema } from '../../../src/domain/account.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { createApp } from '../../../server/app.ts'
import { loginLimits } from '../../../server/accounts/loginLimiter.ts'
import { resetLimits } from '../../../server/accounts/resetLimiter.ts'
import type { Mail } from '../../../server/mail/mail.ts'
import { readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { scryptGate } from '../../../server/accounts/password.ts'
import type { Db } from '../../../server/db/types.ts'
import { silentLogger } from '../../../server/log.ts'
import { apiKey, call, mailsTo, outboxTo, password, sessionCookie, signUp, testScryptN, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'
import { languageOf } from '../helpers/accountEdits.ts'

const newPassword = 'Fresh#4567'
const sent = { message: 'If an account exists for that email, we sent a link to reset your password.' }

describe('resetting a forgotten password by email', () => {
  let address = 0
  // Each test from its own client address, so only the limits a test exercises can trip.
  const nextAddress = () => `203.0.113.${++address}`
  const env = useAccountsApp()

  const forgot = (email: string, from = nextAddress(), cookie?: string) =>
    env.app.request('/api/auth/password/forgot', call('POST', { email }, { from, ...(cookie ? { cookie } : {}) }))
  const check = (token: string) => env.app.request('/api/auth/password/reset/check', call('POST', { token }))
  const reset = (token: string, pw = newPassword) => env.app.request('/api/auth/password/reset', call('POST', { token, password: pw }))
  const login = (email: string, pw: string) => env.app.request('/api/auth/login', call('POST', { email, password: pw }, { from: nextAddress() }))
  const session = (cookie: string) => env.app.request('/api/auth/session', call('GET', undefined, { cookie }))

  /**
   * The reset-link mails the sandbox mailbox holds for the address once the outbox is sent, newest first: exactly
   * `count` of them. The address also gets other mails (the sign-up confirmation, the notice of a password change).
   */
  const resetMailsTo = async (email: string, count = 1) => {
    const mails = await mailsTo(env.t.db, email, 'passwordReset')
    expect(mails).toHaveLength(count)
    return mails
  }
  const tokenOf = (mail: Mail) => /\/reset_password\?token=([\w-]+)/.exec(mail.text)![1]!

  /** A customer with a link mailed to them: their email, session, id and the link's token. */
  const withLink = async () => {
    const customer = await signUp(env.app)
    expect((await forgot(customer.email)).status).toBe(202)
    const [mail] = await resetMailsTo(customer.email)
    return { ...customer, token: tokenOf(mail!) }
  }

  it('answers an email with an account and one without the same 202 and message, and mails only the first', async () => {
    const { email } = await signUp(env.app)
    const nobody = uniqueEmail('nobody')
    const known = await forgot(email.toUpperCase())
    const unknown = await forgot(nobody)
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(await known.json()).toEqual(sent)
    expect(await unknown.json()).toEqual(sent)
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort())
    const [mail] = await resetMailsTo(email)
    expect(mail).toMatchObject({ to: email, template: 'passwordReset', language: 'en', subject: 'Reset your Seed Storefront password' })
    // A new account's email is not verified yet, so the mail leaves the name out (test/server/mail/mailGreeting.test.ts).
    expect(mail!.text).toMatch(/^Hello,\n/)
    expect(mail!.text).toMatch(/http:\/\/localhost\/reset_password\?token=[\w-]{43}\n/)
    // One reset link; the sign-up's confirmation is the only other mail the address has.
    expect((await mailsTo(env.t.db, email)).map((m) => m.template)).toEqual(['passwordReset', 'signupConfirm'])
    expect(await readMailbox(env.t.db, nobody)).toEqual([])
  })

  it('answers 202 while the SMTP server is down: the link and its mail wait in the outbox, committed together', async () => {
    const smtp = { kind: 'smtp', url: 'smtp://127.0.0.1:1', from: 'no-reply@storefront.co.za' } as const
    const app = createApp({ db: env.t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, publicUrl: 'https://shop.example.co.za', mail: smtp } })
    const { email, id } = await signUp(app)
    const res = await app.request('/api/auth/password/forgot', call('POST', { email }, { from: nextAddress() }))
    expect(res.status).toBe(202)
    const [queued] = await outboxTo(env.t.db, email, 'passwordReset')
    expect(queued).toMatchObject({ template: 'passwordReset', sent_at: null, attempts: 0 })
    expect(queued!.text).toMatch(/^https:\/\/shop\.example\.co\.za\/reset_password\?token=[\w-]{43}$/m)
    expect(await env.t.db.query('select 1 from password_resets where customer_id = $1', [id])).toHaveLength(1)
    // The outbox job, whose sandbox mailbox stands in for the SMTP server once it is back, sends it.
    const [mail] = await resetMailsTo(email)
    expect(mail!.text).toBe(queued!.text)
  })

  it("writes the mail in the language the customer's account records, and the link on PUBLIC_URL when set", async () => {
    const customer = await signUp(env.app, {}, { language: 'xh' })
    const { email } = customer
    await forgot(email, nextAddress(), 'lang=xh')
    const [xh] = await resetMailsTo(email)
    expect(xh!.language).toBe('xh')
    expect(xh!.subject).not.toBe('Reset your Seed Storefront password')
    // The customer picks Afrikaans while signed in: the next mail speaks it.
    expect((await languageOf(env.app, customer, 'af')).res.status).toBe(200)
    const app = createApp({ db: env.t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, publicUrl: 'https://shop.example.co.za' } })
    const init = call('POST', { email }, { from: nextAddress() })
    await app.request('/api/auth/password/forgot', { ...init, headers: { ...(init.headers as Record<string, string>), 'Accept-Language': 'af-ZA,en;q=0.5' } })
    const [af] = await resetMailsTo(email, 2)
    expect(af!.language).toBe('af')
    expect(af!.text).toMatch(/^https:\/\/shop\.example\.co\.za\/reset_password\?token=[\w-]{43}$/m)
  })

  it('stores only a hash of the token', async () => {
    const { id, token } = await withLink()
    const rows = await env.t.db.query<{ matches: boolean }>(
      `select token_hash = sha256(convert_to($1, 'UTF8')) as matches from password_resets where customer_id = $2`,
      [token, id],
    )
    expect(rows).toEqual([{ matches: true }])
  })

  it('sets the new password, ends every session of the customer and signs this browser in', async () => {
    const { email, cookie, id, token } = await withLink()
    expect(await (await check(token)).json()).toEqual({ valid: true })
    const res = await reset(token)
    expect(res.status).toBe(200)
    expect(v.parse(UserReplySchema, await res.json()).user).toMatchObject({ id, email })
    const fresh = sessionCookie(res)!
    expect((await session(fresh)).status).toBe(200)
    expect((await session(cookie)).status).toBe(401)
    expect((await login(email, password)).status).toBe(401)
    expect((await login(email, newPassword)).status).toBe(200)
  })

  it('works once: a second use, or two at the same moment, is refused as used', async () => {
    const first = await withLink()
    expect((await reset(first.token)).status).toBe(200)
    const again = await reset(first.token, 'Other#8901')
    expect(again.status).toBe(410)
    expect(await again.json()).toEqual({ error: serverMessages.resetLinkUsed, reason: 'used' })
    expect(await (await check(first.token)).json()).toEqual({ error: serverMessages.resetLinkUsed, reason: 'used' })
    const second = await withLink()
    const statuses = (await Promise.all([reset(second.token, 'Race#0001'), reset(second.token, 'Race#0002')])).map((r) => r.status).sort()
    expect(statuses).toEqual([200, 410])
  })

  it('hashes once for 12 uses of one link at the same moment: one 200, eleven 410s that hashed nothing', async () => {
    const { token, email } = await withLink()
    const before = scryptGate.started
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => reset(token, `Race#${1000 + i}`)))
    expect(scryptGate.started - before).toBe(1)
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(11).fill(410)])
    for (const gone of answers.filter((r) => r.status === 410)) expect(await gone.json()).toEqual({ error: serverMessages.resetLinkUsed, reason: 'used' })
    const [won] = answers.filter((r) => r.status === 200)
    expect(v.parse(UserReplySchema, await won!.json()).user.email).toBe(email)
  })

  it('gives the link back when the new password could not be stored, so the customer can try it again', async () => {
    const { token } = await withLink()
    const db = env.t.db
    const failing: Db = {
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
      transaction: () => Promise.reject(new Error('the database went away')),
      listen: (channel, listener) => db.listen(channel, listener),
    }
    const broken = createApp({ db: failing, config: { apiKey, scryptN: testScryptN, trustProxy: true }, log: silentLogger })
    expect((await broken.request('/api/auth/password/reset', call('POST', { token, password: newPassword }))).status).toBe(500)
    expect(await (await check(token)).json()).toEqual({ valid: true })
    expect((await reset(token)).status).toBe(200)
  })

  it('expires after 30 minutes', async () => {
    const { id, token } = await withLink()
    await env.t.db.query(
      `update password_resets set created_at = created_at - interval '30 minutes', expires_at = expires_at - interval '30 minutes' where customer_id = $1`,
      [id],
    )
    const expired = { error: serverMessages.resetLinkExpired, reason: 'expired' }
    expect(await (await check(token)).json()).toEqual(expired)
    const res = await reset(token)
    expect(res.status).toBe(410)
    expect(await res.json()).toEqual(expired)
  })

  it('refuses a forged or cut-short link as not valid, without hashing anything', async () => {
    const invalid = { error: serverMessages.resetLinkInvalid, reason: 'invalid' }
    const { token } = await withLink()
    for (const forged of ['A'.repeat(43), token.slice(0, 20), '']) {
      const res = await reset(forged)
      expect(res.status).toBe(410)
      expect(await res.json()).toEqual(invalid)
      expect(await (await check(forged)).json()).toEqual(invalid)
    }
  })

  it('checks the new password with the sign-up rule, and a refused password leaves the link usable', async () => {
    const { token } = await withLink()
    const res = await reset(token, 'password')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: messages.passwordRule })
    expect((await reset(token)).status).toBe(200)
  })

  it('makes the links mailed before it unusable', async () => {
    const { email } = await signUp(env.app)
    await forgot(email)
    await forgot(email)
    const [newer, older] = await resetMailsTo(email, 2)
    expect((await reset(tokenOf(newer!))).status).toBe(200)
    expect(await (await reset(tokenOf(older!))).json()).toMatchObject({ reason: 'used' })
  })

  it('forgets the failed sign-ins held against the email', async () => {
    const { email, token } = await withLink()
    for (let i = 0; i < loginLimits.perEmail; i++) await login(email, 'Wrong#1234')
    expect((await login(email, password)).status).toBe(429)
    expect((await reset(token)).status).toBe(200)
    expect((await login(email, newPassword)).status).toBe(200)
  })

  it(`sends at most ${resetLimits.perEmail} links per email in ${resetLimits.windowMinutes} minutes, with or without an account`, async () => {
    const { email } = await signUp(env.app)
    const nobody = uniqueEmail('nobody')
    for (const target of [email, nobody]) {
      for (let i = 0; i < resetLimits.perEmail; i++) expect((await forgot(target)).status).toBe(202)
      const res = await forgot(target.toUpperCase())
      expect(res.status).toBe(429)
      expect(await res.json()).toEqual({ error: serverMessages.tooManyResetRequests })
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(resetLimits.windowMinutes * 60 - 60)
    }
    expect(await resetMailsTo(email, resetLimits.perEmail)).toHaveLength(resetLimits.perEmail)
  })

  it(`takes at most ${resetLimits.perAddress} requests per client address in ${resetLimits.windowMinutes} minutes`, async () => {
    const from = nextAddress()
    for (let i = 0; i < resetLimits.perAddress; i++) expect((await forgot(uniqueEmail('many'), from)).status).toBe(202)
    const res = await forgot(uniqueEmail('many'), from)
    expect(res.status).toBe(429)
    expect((await forgot(uniqueEmail('many'), nextAddress())).status).toBe(202)
  })

  it('refuses a malformed email with the sign-up messages', async () => {
    expect(await (await forgot('')).json()).toMatchObject({ error: messages.emailRequired })
    expect(await (await forgot('not-an-email')).json()).toMatchObject({ error: messages.emailShape })
  })
})
