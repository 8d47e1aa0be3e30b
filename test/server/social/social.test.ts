import { describe, expect, it } from 'vitest'
import { useTestServer } from '../helpers/testServer.ts'
import { FetchBrowser } from '../helpers/browser.ts'
import { captureLog } from '../helpers/logCapture.ts'
import { form, passwordSignUp, pickFormAction, serverApi, typedFormAction } from '../helpers/socialSignIn.ts'

const apiKey = 'social-key'

describe('social sign-in through the sandbox issuer', () => {
  const logged = captureLog('warn')
  const warned = (pattern: RegExp) => logged.entries().some((e) => e.level === 40 && pattern.test(e.msg))
  const env = useTestServer({ apiKey, log: logged.log })
  const api = serverApi(env, apiKey)

  const currentUser = async (browser: FetchBrowser) => {
    const res = await browser.request('/api/auth/session', { headers: { Key: apiKey } })
    return { status: res.status, body: (await res.json()) as { user?: Record<string, unknown> } }
  }

  /** start -> sandbox authorize -> the sign-in page, as a browser would get there. */
  async function openSignInPage(browser: FetchBrowser, provider: string, returnTo = '/profile') {
    const start = await browser.request(`/api/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`)
    expect(start.status).toBe(302)
    const { res, hops } = await browser.follow(start.headers.get('location') ?? '')
    return { start, page: res, html: await res.text(), hops }
  }

  it('redirects /start to the provider with PKCE (S256), state and nonce, and no Key header needed', async () => {
    const browser = new FetchBrowser(env.server.url)
    const res = await browser.request('/api/auth/google/start?returnTo=/profile')
    expect(res.status).toBe(302)
    const to = new URL(res.headers.get('location') ?? '')
    expect(to.origin + to.pathname).toBe(`${env.server.url}/sandbox/identity/google/auth`)
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'storefront-google',
      response_type: 'code',
      redirect_uri: `${env.server.url}/api/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
    })
    expect(to.searchParams.has('client_secret')).toBe(false)
    expect(res.headers.getSetCookie().join('\n')).toMatch(/^oauth_flow=[\w-]{43}; Max-Age=600; Path=\/api\/auth\/; HttpOnly; SameSite=Lax$/m)
  })

  it('shows an accessible sandbox sign-in page with listed testers, Email and Display name fields and a Continue button', async () => {
    const { page, html } = await openSignInPage(new FetchBrowser(env.server.url), 'facebook')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html).toContain('<title>Sign in with Facebook (sandbox)</title>')
    expect(html).toContain('<h1>Sign in with Facebook</h1>')
    expect(html).toContain('>Continue as Thandi Nkosi</button>')
    expect(html).toContain('<label for="email">Email</label>')
    expect(html).toContain('<label for="name">Display name</label>')
    expect(html).toContain('<button type="submit">Continue</button>')
    expect(html).toContain('>Cancel</button>')
    expect(html).toContain('<input name="email_verified" type="checkbox" value="true" checked> Facebook has verified this email</label>')
  })

  it('creates the customer on a first sign-in, named from the display name, and signs them in', async () => {
    const browser = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(browser, 'google')
    const { res, hops } = await browser.follow(
      typedFormAction(html),
      form({ email: 'Lerato.Mokoena@Example.co.za', name: 'Lerato  van Wyk', email_verified: 'true' }),
    )
    expect(res.status).toBe(302)
    expect(hops.at(-1)).toBe('/login?signed_in=google&returnTo=%2Fprofile')
    expect(browser.jar.get('sid')).toMatch(/^[\w-]{43}$/)
    const me = await currentUser(browser)
    expect(me.status).toBe(200)
    expect(me.body.user).toEqual({
      id: expect.any(Number),
      first_name: 'Lerato',
      last_name: 'van Wyk',
      email: 'Lerato.Mokoena@Example.co.za',
      id_number: '',
      phone: '',
      mobile: '',
      addresses: [],
      orders: [],
    })
  })

  it('reuses the same customer on a second sign-in, by provider subject and by email across providers', async () => {
    const first = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(first, 'facebook', '/')
    const firstHops = (await first.follow(pickFormAction(html), form({ identity: '1' }))).hops
    expect(firstHops.at(-1)).toBe('/login?signed_in=facebook')
    const created = (await currentUser(first)).body.user
    expect(created).toMatchObject({ first_name: 'Pieter', last_name: 'van der Merwe', email: 'pieter.van.der.merwe@example.co.za' })

    for (const provider of ['facebook', 'google']) {
      const again = new FetchBrowser(env.server.url)
      const page = await openSignInPage(again, provider)
      await again.follow(pickFormAction(page.html), form({ identity: '1' }))
      expect((await currentUser(again)).body.user?.id).toBe(created?.id)
    }
  })

  /** A customer who signed up with a password. */
  const passwordCustomer = async (email: string, idNumber: string): Promise<number> => (await passwordSignUp(api, { email, id_number: idNumber })).id

  it('signs in through a provider that verified the email of an existing password customer (unverified: taken), without a second account', async () => {
    const email = `social.${Date.now()}@example.co.za`
    const id = await passwordCustomer(email, '9001015800088')
    const browser = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(browser, 'facebook')
    await browser.follow(typedFormAction(html), form({ email: email.toUpperCase(), name: 'Someone Else', email_verified: 'true' }))
    expect((await currentUser(browser)).body.user).toMatchObject({ id, first_name: 'Nomsa', id_number: '•••••••••0088' })
  })

  it('never signs in as an existing customer through a provider that has not verified their email, nor links it', async () => {
    const email = `unverified.${Date.now()}@example.co.za`
    const id = await passwordCustomer(email, '8001015009087')
    const attacker = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(attacker, 'google')
    // The box unticked: the form sends no email_verified, and the issuer says email_verified: false.
    const { hops } = await attacker.follow(typedFormAction(html), form({ email, name: 'Mallory Attacker' }))
    // An unverified email counts as none: the customer is asked for an address to prove by a mailed link.
    expect(hops.at(-1)).toBe('/social_email?provider=google')
    expect(attacker.jar.has('sid')).toBe(false)
    expect(logged.entries().some((e) => JSON.stringify(e).includes(email))).toBe(false)

    // Nothing was linked: the same identity, now verified, is what leads to the customer.
    const owner = new FetchBrowser(env.server.url)
    const page = await openSignInPage(owner, 'google')
    await owner.follow(typedFormAction(page.html), form({ email, name: 'Nomsa Dube', email_verified: 'true' }))
    expect((await currentUser(owner)).body.user?.id).toBe(id)
  })

  /** A password customer signed up with `email`, and their session cookie. */
  const registrant = (email: string) => passwordSignUp(api, { email, first_name: 'Mallory', last_name: 'Squatter', id_number: '9202204720083' })
  const passwordSignIn = (email: string) => api('/auth/login', { method: 'POST', body: { email, password: 'Secret#123' } })
  async function verifiedSocialSignIn(email: string) {
    const owner = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(owner, 'google')
    await owner.follow(typedFormAction(html), form({ email, name: 'Nomsa Dube', email_verified: 'true' }))
    return owner
  }

  it('lets the verified owner of an email take the account someone registered with it unverified: the password and sessions end', async () => {
    const email = `squatted.${Date.now()}@example.co.za`
    const squatter = await registrant(email)
    expect((await passwordSignIn(email)).status).toBe(200)

    const owner = await verifiedSocialSignIn(email)
    expect((await currentUser(owner)).body.user?.id).toBe(squatter.id)
    expect((await api('/auth/session', { cookie: squatter.cookie })).status).toBe(401)
    expect((await passwordSignIn(email)).status).toBe(401)
    const [row] = await env.server.db.query<{ by: string }>('select email_verified_by as by from customers where id = $1', [squatter.id])
    expect(row?.by).toBe('google')
    const mails = await env.server.db.query<{ template: string; subject: string; text: string }>(
      'select template, subject, text from mail_outbox where lower(recipient) = lower($1) order by id',
      [email],
    )
    expect(mails.map((m) => m.template)).toEqual(['signupConfirm', 'accountTaken'])
    expect(mails[1]).toMatchObject({ subject: 'Your Seed Storefront account now signs in with Google' })
    // The name in the greeting was typed by whoever registered the address: it stays out.
    expect(mails[1]?.text).not.toContain('Mallory')
    // The sign-up link mailed before is ended: it no longer proves anything.
    const token = /\/verify_email\?token=([\w-]{43})\n/.exec(mails[0]?.text ?? '')?.[1]
    expect((await api('/v2/email_verifications', { method: 'POST', body: { token } })).status).toBe(410)
  })

  it('joins a verified social sign-in to an account whose email was verified by its sign-up link, as before', async () => {
    const email = `confirmed.${Date.now()}@example.co.za`
    const customer = await registrant(email)
    const [mail] = await env.server.db.query<{ text: string }>(
      "select text from mail_outbox where lower(recipient) = lower($1) and template = 'signupConfirm'",
      [email],
    )
    const token = /\/verify_email\?token=([\w-]{43})\n/.exec(mail?.text ?? '')?.[1]
    expect((await api('/v2/email_verifications', { method: 'POST', body: { token } })).status).toBe(200)

    const owner = await verifiedSocialSignIn(email)
    expect((await currentUser(owner)).body.user?.id).toBe(customer.id)
    expect((await api('/auth/session', { cookie: customer.cookie })).status).toBe(200)
    expect((await passwordSignIn(email)).status).toBe(200)
    const taken = await env.server.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'accountTaken'", [email])
    expect(taken).toEqual([])
  })

  /** Marks the account as migration 014 marked every account it found: verified as `existing`, with no proof. */
  const fromBefore014 = (id: number) =>
    env.server.db.query("update customers set email_verified_at = created_at, email_verified_by = 'existing' where id = $1", [id])

  it('takes an account from before migration 014 (existing, never proven) as any unproven one: the pre-registrant is locked out', async () => {
    const email = `older.${Date.now()}@example.co.za`
    const squatter = await registrant(email)
    await fromBefore014(squatter.id)
    expect((await passwordSignIn(email)).status).toBe(200)

    const owner = await verifiedSocialSignIn(email)
    expect((await currentUser(owner)).body.user?.id).toBe(squatter.id)
    expect((await api('/auth/session', { cookie: squatter.cookie })).status).toBe(401)
    expect((await passwordSignIn(email)).status).toBe(401)
    expect(await env.server.db.query('select email_verified_by as by from customers where id = $1', [squatter.id])).toEqual([{ by: 'google' }])
    const taken = await env.server.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'accountTaken'", [email])
    expect(taken).toHaveLength(1)
  })

  it('joins an account from before migration 014 whose email came through a confirmed email change, as a proven one', async () => {
    const email = `moved.${Date.now()}@example.co.za`
    const customer = await registrant(email)
    await fromBefore014(customer.id)
    await env.server.db.query(
      "insert into email_changes (token_hash, customer_id, email, expires_at, used_at) values (sha256(convert_to($1, 'UTF8')), $2, $3, now(), now())",
      [email, customer.id, email.toUpperCase()],
    )

    const owner = await verifiedSocialSignIn(email)
    expect((await currentUser(owner)).body.user?.id).toBe(customer.id)
    expect((await api('/auth/session', { cookie: customer.cookie })).status).toBe(200)
    expect((await passwordSignIn(email)).status).toBe(200)
    expect(await env.server.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'accountTaken'", [email])).toEqual([])
  })

  it('redirects to /login?error=social when the state does not match the browser that started', async () => {
    const victim = new FetchBrowser(env.server.url)
    const attacker = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(attacker, 'google')
    const action = typedFormAction(html)
    // The attacker completes the provider step but hands the callback URL to the victim.
    const resume = await attacker.request(action, form({ email: 'attacker@example.co.za', name: 'Mallory Attacker' }))
    const { hops } = await attacker.follow(resume.headers.get('location') ?? '', {}, /^\/api\/auth\/google\/callback/)
    const callback = hops.at(-1) ?? ''
    expect(callback).toMatch(/\/api\/auth\/google\/callback\?code=/)
    const res = await victim.request(callback)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?error=social')
    expect(victim.jar.has('sid')).toBe(false)
    expect(warned(/social sign-in \(google\) failed: state does not match/)).toBe(true)
  })

  it('redirects with an error for a tampered state, a replayed callback and a cancelled sign-in', async () => {
    const browser = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(browser, 'google')
    const resume = await browser.request(typedFormAction(html), form({ email: 'zanele@example.co.za', name: 'Zanele Khumalo' }))
    const { hops } = await browser.follow(resume.headers.get('location') ?? '', {}, /^\/api\/auth\/google\/callback/)
    const callback = new URL(hops.at(-1) ?? '', env.server.url)
    const tampered = new URL(callback)
    tampered.searchParams.set('state', 'x'.repeat(43))
    expect((await browser.request(tampered.href)).headers.get('location')).toBe('/login?error=social')

    // The flow cookie is gone after any callback, so even the genuine URL now fails: each state is single-use.
    expect((await browser.request(callback.href)).headers.get('location')).toBe('/login?error=social')
    expect(browser.jar.has('sid')).toBe(false)

    const canceller = new FetchBrowser(env.server.url)
    const page = await openSignInPage(canceller, 'twitter')
    const { hops: cancelHops } = await canceller.follow(typedFormAction(page.html), form({ cancel: '1', email: '', name: '' }))
    expect(cancelHops.at(-1)).toBe('/login?error=social')
    expect(warned(/social sign-in \(twitter\) failed: provider answered access_denied/)).toBe(true)
  })

  it('asks again on the sandbox page when the typed identity is incomplete', async () => {
    const browser = new FetchBrowser(env.server.url)
    const { html } = await openSignInPage(browser, 'google')
    const res = await browser.request(typedFormAction(html), form({ email: 'not-an-email', name: 'Thabo' }))
    expect(res.status).toBe(400)
    const again = await res.text()
    expect(again).toContain('<p role="alert">Enter an email address and a display name.</p>')
    expect(again).toContain('value="Thabo"')
  })

  it("shows the sign-in page in the customer's language: the start passes the lang cookie on as ui_locales", async () => {
    const browser = new FetchBrowser(env.server.url)
    browser.jar.set('lang', 'af')
    const start = await browser.request('/api/auth/google/start?returnTo=/profile')
    expect(new URL(start.headers.get('location') ?? '').searchParams.get('ui_locales')).toBe('af')
    // The issuer reads ui_locales, not the cookie: the cookie is gone by the time the page is asked for.
    browser.jar.delete('lang')
    const { res, hops } = await browser.follow(start.headers.get('location') ?? '')
    expect(hops.length).toBeGreaterThan(0)
    const html = await res.text()
    expect(html).toContain('<html lang="af">')
    expect(html).toContain('<title>Meld aan met Google (toetsomgewing)</title>')
    expect(html).toContain('<h1>Meld aan met Google</h1>')
    expect(html).toContain('>Gaan voort as Thandi Nkosi</button>')
    expect(html).toContain('<label for="email">E-pos</label>')
    expect(html).toContain('<label for="name">Vertoonnaam</label>')
    expect(html).toContain('<button type="submit">Gaan voort</button>')

    // Bad input is answered in the same language, keeping what was typed.
    const again = await browser.request(typedFormAction(html), form({ email: 'nie-n-adres', name: 'Thabo' }))
    expect(again.status).toBe(400)
    const retry = await again.text()
    expect(retry).toContain('<p role="alert">Voer ’n e-posadres en ’n vertoonnaam in.</p>')
    expect(retry).toContain('value="Thabo"')
  })

  it('in isiXhosa by the lang cookie alone (no ui_locales), and an expired sign-in says so in it', async () => {
    const browser = new FetchBrowser(env.server.url)
    const start = await browser.request('/api/auth/twitter/start?returnTo=/profile')
    expect(new URL(start.headers.get('location') ?? '').searchParams.has('ui_locales')).toBe(false)
    browser.jar.set('lang', 'xh')
    const { res } = await browser.follow(start.headers.get('location') ?? '')
    const html = await res.text()
    expect(html).toContain('<html lang="xh">')
    expect(html).toContain('<h1>Ngena nge-Twitter</h1>')
    expect(html).toContain('>Qhubeka njengo-Thandi Nkosi</button>')
    const expired = await browser.request('/sandbox/identity/twitter/interaction/no-such-sign-in')
    expect(expired.status).toBe(400)
    expect(await expired.text()).toContain('<h1>Oku kungena kuphelelwe lixesha</h1>')
  })

  it('follows Accept-Language when there is neither ui_locales nor a cookie, and English otherwise', async () => {
    const afrikaans = new FetchBrowser(env.server.url)
    afrikaans.acceptLanguage = 'af-ZA,af;q=0.9,en;q=0.8'
    expect((await openSignInPage(afrikaans, 'google')).html).toContain('<h1>Meld aan met Google</h1>')
    const french = new FetchBrowser(env.server.url)
    french.acceptLanguage = 'fr-FR,fr;q=0.9'
    const { html } = await openSignInPage(french, 'google')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<h1>Sign in with Google</h1>')
  })

  it('refuses an unknown provider with the error redirect', async () => {
    const res = await fetch(`${env.server.url}/api/auth/myspace/start`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?error=social')
  })

  it('never redirects back off-site, whatever returnTo says', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const browser = new FetchBrowser(env.server.url)
      const { html } = await openSignInPage(browser, 'google', returnTo)
      const { hops } = await browser.follow(pickFormAction(html), form({ identity: '0' }))
      expect(hops.at(-1)).toBe('/login?signed_in=google')
    }
  })
})
