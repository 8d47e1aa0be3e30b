import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../../server/log.ts'
import { useTestServer } from '../helpers/testServer.ts'
import { FetchBrowser } from '../helpers/browser.ts'
import { form, passwordSignUp, pickFormAction, serverApi, typedFormAction } from '../helpers/socialSignIn.ts'

const apiKey = 'social-email-key'
const stopAtApp = /^\/(login|social_email)\b/

describe('social sign-in when the provider shares no verified email', () => {
  const env = useTestServer({ apiKey, log: silentLogger })

  const api = (browser: FetchBrowser, path: string, body: unknown) =>
    browser.request(`/api${path}`, { method: 'POST', headers: { Key: apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const currentUser = async (browser: FetchBrowser) => {
    const res = await browser.request('/api/auth/session', { headers: { Key: apiKey } })
    return res.status === 200 ? ((await res.json()) as { user: { id: number; email: string; first_name: string } }).user : undefined
  }
  const customersWith = async (email: string) => env.server.db.query<{ id: number }>('select id from customers where lower(email) = lower($1)', [email])

  /** Signs in through the sandbox issuer as a listed tester (X shares no email) or a typed identity. */
  async function providerSignIn(browser: FetchBrowser, provider: string, who: Record<string, string>) {
    const start = await browser.request(`/api/auth/${provider}/start?returnTo=/profile`)
    const page = await browser.follow(start.headers.get('location') ?? '')
    const html = await page.res.text()
    const action = 'identity' in who ? pickFormAction(html) : typedFormAction(html)
    return (await browser.follow(action, form(who), stopAtApp)).hops.at(-1)
  }

  /** The token of the last confirmation link mailed to `email`. */
  async function mailedToken(email: string): Promise<string> {
    const rows = await env.server.db.query<{ text: string; subject: string }>(
      "select text, subject from mail_outbox where lower(recipient) = lower($1) and template = 'socialEmailConfirm' order by id desc limit 1",
      [email],
    )
    return /\/social_confirm\?token=([\w-]{43})\n/.exec(rows[0]?.text ?? '')?.[1] ?? ''
  }

  /** A browser back from X with a pending sign-in for a typed X identity. */
  async function pendingFromX(name: string) {
    const browser = new FetchBrowser(env.server.url)
    const landed = await providerSignIn(browser, 'twitter', { email: `${name.replace(/\W/g, '.')}.${Date.now()}@x.example`, name })
    return { browser, landed }
  }

  it('X shares no email: the callback keeps a pending sign-in and sends the browser to the email page, signing nothing in', async () => {
    const before = await env.server.db.query<{ n: number }>('select count(*)::int as n from customers')
    const { browser, landed } = await pendingFromX('Sipho Ndlovu')
    expect(landed).toBe('/social_email?provider=twitter')
    expect(browser.jar.has('sid')).toBe(false)
    expect(browser.jar.get('social_pending')).toMatch(/^[\w-]{43}$/)
    expect(await currentUser(browser)).toBeUndefined()
    expect(await env.server.db.query<{ n: number }>('select count(*)::int as n from customers')).toEqual(before)
    const [pending] = await env.server.db.query<{ provider: string; display_name: string; email: string | null }>(
      'select provider, display_name, email from social_pending_sign_ins order by created_at desc limit 1',
    )
    expect(pending).toEqual({ provider: 'twitter', display_name: 'Sipho Ndlovu', email: null })
  })

  it('mails a link to the named address; following it makes the account (email verified), links X and signs in; the link works once', async () => {
    const { browser } = await pendingFromX('Lindiwe Mthembu')
    const email = `lindiwe.${Date.now()}@example.co.za`
    const named = await api(browser, '/v2/social_sign_ins/email', { email })
    expect(named.status).toBe(202)
    expect(await named.json()).toEqual({ email })
    expect(await customersWith(email)).toEqual([])
    const [mail] = await env.server.db.query<{ subject: string; language: string }>('select subject, language from mail_outbox where recipient = $1', [email])
    expect(mail).toEqual({ subject: 'Confirm your email to sign in to Seed Storefront with X', language: 'en' })

    const token = await mailedToken(email)
    const confirmed = await api(browser, '/v2/social_sign_ins/confirm', { token })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toEqual({ email })
    const me = await currentUser(browser)
    expect(me).toMatchObject({ email, first_name: 'Lindiwe' })
    expect(browser.jar.has('social_pending')).toBe(false)
    const [row] = await env.server.db.query<{ by: string; verified: boolean }>(
      'select email_verified_by as by, email_verified_at is not null as verified from customers where id = $1',
      [me?.id],
    )
    expect(row).toEqual({ by: 'social_link', verified: true })

    // Used once: the same link again, even in the same browser, is refused.
    const again = await api(browser, '/v2/social_sign_ins/confirm', { token })
    expect(again.status).toBe(410)
    expect(((await again.json()) as { error: string }).error).toMatch(/^This link no longer works/)
  })

  it("mails the link in the customer's language", async () => {
    const { browser } = await pendingFromX('Ayanda Xhosa')
    browser.jar.set('lang', 'xh')
    const email = `ayanda.${Date.now()}@example.co.za`
    expect((await api(browser, '/v2/social_sign_ins/email', { email })).status).toBe(202)
    const [mail] = await env.server.db.query<{ subject: string; language: string; text: string }>(
      'select subject, language, text from mail_outbox where recipient = $1',
      [email],
    )
    expect(mail).toMatchObject({ subject: 'Qinisekisa i-imeyile yakho ukuze ungene kwi-Seed Storefront nge-X', language: 'xh' })
    expect(mail?.text).toContain('Qinisekisa uze ungene')
  })

  it('signs a linked identity in directly, whatever the provider returns', async () => {
    const xName = `Bongani ${Date.now()}`
    const xEmail = `bongani.${Date.now()}@x.example`
    const first = new FetchBrowser(env.server.url)
    expect(await providerSignIn(first, 'twitter', { email: xEmail, name: xName })).toBe('/social_email?provider=twitter')
    const email = `bongani.${Date.now()}@example.co.za`
    await api(first, '/v2/social_sign_ins/email', { email })
    expect((await api(first, '/v2/social_sign_ins/confirm', { token: await mailedToken(email) })).status).toBe(200)
    const id = (await currentUser(first))?.id

    const later = new FetchBrowser(env.server.url)
    expect(await providerSignIn(later, 'twitter', { email: xEmail, name: xName })).toBe('/login?signed_in=twitter&returnTo=%2Fprofile')
    expect((await currentUser(later))?.id).toBe(id)
  })

  it('joins an existing account only through the link mailed to its address, never by typing it', async () => {
    // A customer whose Google sign-in verified their email.
    const email = `existing.${Date.now()}@example.co.za`
    const owner = new FetchBrowser(env.server.url)
    await providerSignIn(owner, 'google', { email, name: 'Nomsa Dube', email_verified: 'true' })
    const ownerId = (await currentUser(owner))?.id
    expect(ownerId).toBeGreaterThan(0)

    const { browser } = await pendingFromX('Mallory Typist')
    expect((await api(browser, '/v2/social_sign_ins/email', { email })).status).toBe(202)
    // Typing the address signs nothing in and links nothing.
    expect(await currentUser(browser)).toBeUndefined()
    expect(await env.server.db.query('select 1 from customer_identities where customer_id = $1 and provider = $2', [ownerId, 'twitter'])).toEqual([])
    // A made-up token is no way in either.
    expect((await api(browser, '/v2/social_sign_ins/confirm', { token: 'a'.repeat(43) })).status).toBe(410)

    // The link in the owner's mailbox, followed in the browser that signed in, joins the account.
    expect((await api(browser, '/v2/social_sign_ins/confirm', { token: await mailedToken(email) })).status).toBe(200)
    expect((await currentUser(browser))?.id).toBe(ownerId)
    expect(await customersWith(email)).toEqual([{ id: ownerId }])
  })

  it('takes over an account whose email was never confirmed through the link, and says how in the mail to that address', async () => {
    const email = `squatted.${Date.now()}@example.co.za`
    const squatter = { email, first_name: 'Mallory', last_name: 'Squatter', id_number: '9202204720083' }
    const { id: squatterId } = await passwordSignUp(serverApi(env, apiKey), squatter)

    const { browser } = await pendingFromX('Rightful Owner')
    await api(browser, '/v2/social_sign_ins/email', { email })
    expect((await api(browser, '/v2/social_sign_ins/confirm', { token: await mailedToken(email) })).status).toBe(200)
    expect((await currentUser(browser))?.id).toBe(squatterId)
    const [taken] = await env.server.db.query<{ text: string }>("select text from mail_outbox where recipient = $1 and template = 'accountTaken'", [email])
    expect(taken?.text).toContain('You confirmed this email with the link we sent when you signed in with X.')
    const [row] = await env.server.db.query<{ by: string }>('select email_verified_by as by from customers where id = $1', [squatterId])
    expect(row?.by).toBe('social_link')
  })

  it('works only in the browser that signed in: a link opened elsewhere is refused and the sign-in stays pending', async () => {
    const { browser } = await pendingFromX('Anele Zulu')
    const email = `anele.${Date.now()}@example.co.za`
    await api(browser, '/v2/social_sign_ins/email', { email })
    const token = await mailedToken(email)
    const elsewhere = new FetchBrowser(env.server.url)
    expect((await api(elsewhere, '/v2/social_sign_ins/confirm', { token })).status).toBe(410)
    expect(elsewhere.jar.has('sid')).toBe(false)
    expect((await api(browser, '/v2/social_sign_ins/confirm', { token })).status).toBe(200)
  })

  it('treats a provider email it has not verified as none: Google unverified goes to the email page', async () => {
    const browser = new FetchBrowser(env.server.url)
    const landed = await providerSignIn(browser, 'google', { email: `unverified.${Date.now()}@example.co.za`, name: 'Thabo Unverified' })
    expect(landed).toBe('/social_email?provider=google')
    expect(browser.jar.has('sid')).toBe(false)
  })

  it('ends a pending sign-in after 30 minutes: naming an address and following its link are both refused', async () => {
    const { browser } = await pendingFromX('Zola Expired')
    const email = `zola.${Date.now()}@example.co.za`
    await api(browser, '/v2/social_sign_ins/email', { email })
    const token = await mailedToken(email)
    const [row] = await env.server.db.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from social_pending_sign_ins where email = $1`,
      [email],
    )
    expect(row?.minutes).toBe(30)
    await env.server.db.query("update social_pending_sign_ins set expires_at = now() - interval '1 second' where email = $1", [email])
    const named = await api(browser, '/v2/social_sign_ins/email', { email })
    expect(named.status).toBe(410)
    expect(((await named.json()) as { error: string }).error).toBe('This sign-in has expired. Please sign in again.')
    expect((await api(browser, '/v2/social_sign_ins/confirm', { token })).status).toBe(410)
    expect(await customersWith(email)).toEqual([])
  })

  it('limits the links mailed to one address (3 a day, shared with email changes) and by one sign-in (3 an hour)', async () => {
    const email = `limited.${Date.now()}@example.co.za`
    for (let i = 0; i < 3; i++) {
      const { browser } = await pendingFromX(`Limited ${i}`)
      expect((await api(browser, '/v2/social_sign_ins/email', { email })).status).toBe(202)
    }
    const { browser } = await pendingFromX('Limited 3')
    const refused = await api(browser, '/v2/social_sign_ins/email', { email })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const mails = await env.server.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'socialEmailConfirm'", [email])
    expect(mails).toHaveLength(3)

    for (let i = 0; i < 3; i++) expect((await api(browser, '/v2/social_sign_ins/email', { email: `other${i}.${Date.now()}@example.co.za` })).status).toBe(202)
    expect((await api(browser, '/v2/social_sign_ins/email', { email: `fourth.${Date.now()}@example.co.za` })).status).toBe(429)
  })

  it('refuses naming an address without a pending sign-in, and an address that is not one', async () => {
    const stranger = new FetchBrowser(env.server.url)
    expect((await api(stranger, '/v2/social_sign_ins/email', { email: 'someone@example.co.za' })).status).toBe(410)
    const { browser } = await pendingFromX('Shape Checker')
    expect((await api(browser, '/v2/social_sign_ins/email', { email: 'not-an-address' })).status).toBe(400)
    expect((await api(browser, '/v2/social_sign_ins/email', {})).status).toBe(400)
  })
})
