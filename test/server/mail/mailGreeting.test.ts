import { describe, expect, it } from 'vitest'
import type { Mail } from '../../../server/mail/mail.ts'
import { call, mailsTo, password, signUp, uniqueEmail, useAccountsApp, type Customer } from '../helpers/accounts.ts'

const newPassword = 'Fresh#4567'
const name = 'Thandiswa'

/** The token of the link to `path` in a mail's text. */
const tokenIn = (mail: Mail | undefined, path: string) => {
  const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([\\w-]{43})\\n`).exec(mail?.text ?? '')?.[1]
  if (!found) throw new Error(`no ${path} link in:\n${mail?.text}`)
  return found
}

/**
 * Issue 28, point 3: a mail never carries the name a customer typed to an address nobody proved theirs. The sign-up
 * confirmation and the email-change link never do (their own tests); the mails to the account's own address (the reset
 * link and the notices) greet by first name only once that address is verified.
 */
describe("mails to the account's own address greet by first name only once that address is verified", () => {
  let address = 0
  // Each request from its own client address, so no limit trips.
  const from = () => `192.0.2.${++address}`
  const env = useAccountsApp()

  const forgot = (email: string) => env.app.request('/api/auth/password/forgot', call('POST', { email }, { from: from() }))
  const changePassword = (me: Customer) =>
    env.app.request('/api/auth/password', call('POST', { current_password: password, password: newPassword }, { cookie: me.cookie, from: from() }))
  const askChange = (me: Customer, email: string) =>
    env.app.request(`/api/v2/users/${me.id}/email`, call('POST', { email, current_password: newPassword }, { cookie: me.cookie, from: from() }))
  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const verify = (token: string) => env.app.request('/api/v2/email_verifications', call('POST', { token }))

  /** The one mail of `template` the address got: the greeting it opens with, and whether the name shows anywhere in it. */
  async function greeted(email: string, template: string) {
    const mails = await mailsTo(env.t.db, email, template)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    return { greeting: mail!.text.split('\n')[0], named: [mail!.subject, mail!.text, mail!.html].some((part) => part.includes(name)) }
  }

  /** A reset link, a password change, an email change asked and confirmed: the four mails to the account's address. */
  async function everyMailToOwnAddress(me: Customer) {
    expect((await forgot(me.email)).status).toBe(202)
    expect((await changePassword(me)).status).toBe(204)
    const next = uniqueEmail('next')
    expect((await askChange(me, next)).status).toBe(200)
    expect((await confirm(tokenIn((await mailsTo(env.t.db, next, 'emailChange'))[0], '/confirm_email'))).status).toBe(200)
    // One after another: each read sends the outbox first, and two sends at once on PostgreSQL would each skip what the other claimed.
    const greetings = []
    for (const template of ['passwordReset', 'passwordChanged', 'emailChangeNotice', 'emailChangedNotice']) greetings.push(await greeted(me.email, template))
    return greetings
  }

  it('leaves the name out while the email was never verified: whoever signed up may have typed anyone’s address', async () => {
    const me = await signUp(env.app, { first_name: name })
    const verified = await env.t.db.query('select 1 from customers where id = $1 and email_verified_at is null', [me.id])
    expect(verified).toHaveLength(1)
    expect(await everyMailToOwnAddress(me)).toEqual(Array.from({ length: 4 }, () => ({ greeting: 'Hello,', named: false })))
  })

  it('greets by first name once the sign-up link proved the address', async () => {
    const me = await signUp(env.app, { first_name: name })
    expect((await verify(tokenIn((await mailsTo(env.t.db, me.email, 'signupConfirm'))[0], '/verify_email'))).status).toBe(200)
    expect(await everyMailToOwnAddress(me)).toEqual(Array.from({ length: 4 }, () => ({ greeting: `Hello ${name},`, named: true })))
  })

  it('greets by first name in the notice of a reset: the reset link used proved the address', async () => {
    const me = await signUp(env.app, { first_name: name })
    expect((await forgot(me.email)).status).toBe(202)
    const token = tokenIn((await mailsTo(env.t.db, me.email, 'passwordReset'))[0], '/reset_password')
    expect((await env.app.request('/api/auth/password/reset', call('POST', { token, password: newPassword }, { from: from() }))).status).toBe(200)
    expect(await greeted(me.email, 'passwordReset')).toEqual({ greeting: 'Hello,', named: false })
    expect(await greeted(me.email, 'passwordChanged')).toEqual({ greeting: `Hello ${name},`, named: true })
  })
})
