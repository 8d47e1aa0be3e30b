import { describe, expect, it, vi } from 'vitest'
import { scryptGate } from '../../../server/accounts/password.ts'
import { silentLogger } from '../../../server/log.ts'
import { useTestServer } from '../helpers/testServer.ts'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { password, sessionCookie, uniqueEmail } from '../helpers/accounts.ts'
import { FetchBrowser } from '../helpers/browser.ts'
import { form, passwordSignUp, serverApi, typedFormAction } from '../helpers/socialSignIn.ts'

const apiKey = 'linked-sign-ins-key'

interface SignInRow {
  provider: string
  subject: string
  email: string | null
  linked_at: string
  last_used_at: string | null
}

describe('linked sign-ins are the owner’s to see and end (issue 36, point 2)', () => {
  const env = useTestServer({ apiKey, log: silentLogger })
  const api = serverApi(env, apiKey)
  const sidOf = (res: Response) => sessionCookie(res) ?? ''
  const whoIs = async (cookie: string) => {
    const res = await api('/auth/session', { cookie })
    return res.status === 200 ? ((await res.json()) as { user: { id: number; email: string } }).user : undefined
  }
  const currentUser = (browser: FetchBrowser) => whoIs(browser.cookieHeader)

  /** The latest mail of `template` to `to`, from the mail outbox. */
  async function latestMail(to: string, template: string): Promise<string | undefined> {
    const [row] = await env.server.db.query<{ text: string }>(
      'select text from mail_outbox where lower(recipient) = lower($1) and template = $2 order by id desc limit 1',
      [to, template],
    )
    return row?.text
  }
  const tokenIn = (text: string | undefined, path: string) => {
    const found = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([\\w-]{43})\\n`).exec(text ?? '')?.[1]
    if (!found) throw new Error(`no ${path} link in:\n${text}`)
    return found
  }

  /** A customer signed up with a password, their email verified by the sign-up link: a provider with it joins the account. */
  async function owner(email = uniqueEmail('owner')) {
    const { id, cookie } = await passwordSignUp(api, { email })
    const verified = await api('/v2/email_verifications', {
      method: 'POST',
      body: { token: tokenIn(await latestMail(email, 'signupConfirm'), '/verify_email') },
    })
    expect(verified.status).toBe(200)
    return { id, email, cookie }
  }

  /** A browser signed in through the sandbox issuer as a typed identity whose email the provider verified. */
  async function providerSignIn(provider: string, email: string, name = 'Mallory Attacker') {
    const browser = new FetchBrowser(env.server.url)
    const start = await browser.request(`/api/auth/${provider}/start?returnTo=/profile`)
    const page = await browser.follow(start.headers.get('location') ?? '')
    const { hops } = await browser.follow(typedFormAction(await page.res.text()), form({ email, name, email_verified: 'true' }))
    expect(hops.at(-1)).toBe(`/login?signed_in=${provider}&returnTo=%2Fprofile`)
    return browser
  }

  const login = async (email: string, pw = password) => sidOf(await api('/auth/login', { method: 'POST', body: { email, password: pw } }))

  /** Moves the account to `next`, as whoever holds its password and reads `next` would: asked, then confirmed by the link mailed there. */
  async function moveEmail(cookie: string, next: string) {
    expect(
      (await api(`/v2/users/${(await whoIs(cookie))?.id}/email`, { method: 'POST', body: { email: next, current_password: password }, cookie })).status,
    ).toBe(200)
    const confirmed = await api('/v2/email_confirmations', {
      method: 'POST',
      body: { token: tokenIn(await latestMail(next, 'emailChange'), '/confirm_email') },
    })
    expect(confirmed.status).toBe(200)
  }

  const signIns = async (id: number, cookie: string) => {
    const res = await api(`/v2/users/${id}/sign_ins`, { cookie })
    expect(res.status).toBe(200)
    return (await res.json()) as { sign_ins: SignInRow[]; has_password: boolean }
  }
  const remove = (id: number, cookie: string, body: Record<string, unknown>) => api(`/v2/users/${id}/sign_ins/remove`, { method: 'POST', body, cookie })

  describe('the attacker who moved the email to his address and joined his Google to the account', () => {
    it('is mailed about at the account’s address when his Google joins, and is shut out by the owner’s undo', async () => {
      const me = await owner()
      const attacker = uniqueEmail('attacker')
      await moveEmail(await login(me.email), attacker)
      const undoToken = tokenIn(await latestMail(me.email, 'emailChangedNotice'), '/email_change/undo')

      const google = await providerSignIn('google', attacker)
      expect((await currentUser(google))?.id).toBe(me.id)
      // Joining is no longer silent: the account's address (his, for now) is told, with a link that removes the sign-in.
      expect(await latestMail(attacker, 'signInLinked')).toMatch(/\/sign_in_removal\?token=[\w-]{43}\n/)

      expect((await api('/v2/email_changes/undo', { method: 'POST', body: { token: undoToken } })).status).toBe(200)
      expect(await currentUser(google)).toBeUndefined()
      // His Google sign-in no longer opens the account: it is a stranger's first sign-in now.
      const again = await providerSignIn('google', attacker)
      const opened = await currentUser(again)
      expect(opened?.id).not.toBe(me.id)
      expect(opened?.email).toBe(attacker)
      const [row] = await env.server.db.query<{ n: number }>('select count(*)::int as n from customer_identities where customer_id = $1', [me.id])
      expect(row?.n).toBe(0)
    })

    it('is shut out by a reset by link once the owner has the email back', async () => {
      const me = await owner()
      const attacker = uniqueEmail('attacker')
      await moveEmail(await login(me.email), attacker)
      const google = await providerSignIn('google', attacker)
      expect((await currentUser(google))?.id).toBe(me.id)
      // Past the undo link's 7 days (while it is open, no other change is taken), the owner, still signed in on their own
      // device, moves the email back to their address, then resets the password by link.
      await env.server.db.query("update email_links set expires_at = now() - interval '1 second' where customer_id = $1 and kind = 'undo'", [me.id])
      await moveEmail(me.cookie, me.email)
      expect((await currentUser(await providerSignIn('google', attacker)))?.id).toBe(me.id)
      expect((await api('/auth/password/forgot', { method: 'POST', body: { email: me.email } })).status).toBe(202)
      const reset = await api('/auth/password/reset', {
        method: 'POST',
        body: { token: tokenIn(await latestMail(me.email, 'passwordReset'), '/reset_password'), password: 'Fresh#4567' },
      })
      expect(reset.status).toBe(200)
      const again = await providerSignIn('google', attacker)
      expect((await currentUser(again))?.id).not.toBe(me.id)
      expect((await signIns(me.id, sidOf(reset))).sign_ins).toEqual([])
    })

    it('keeps the owner’s own sign-in, proven with the address the reset proved', async () => {
      const me = await owner()
      const mine = await providerSignIn('google', me.email, 'Nomsa Dube')
      expect((await currentUser(mine))?.id).toBe(me.id)
      expect((await api('/auth/password/forgot', { method: 'POST', body: { email: me.email } })).status).toBe(202)
      const reset = await api('/auth/password/reset', {
        method: 'POST',
        body: { token: tokenIn(await latestMail(me.email, 'passwordReset'), '/reset_password'), password: 'Fresh#4567' },
      })
      expect(reset.status).toBe(200)
      expect((await signIns(me.id, sidOf(reset))).sign_ins).toEqual([expect.objectContaining({ provider: 'google', email: me.email })])
      expect((await currentUser(await providerSignIn('google', me.email, 'Nomsa Dube')))?.id).toBe(me.id)
    })

    it('is shut out by the takeover of an account whose email was never proven; only the owner’s sign-in stays', async () => {
      const victim = uniqueEmail('victim')
      // The squatter registered the owner's address, never proven, and had a sign-in of his own linked to it from before
      // linked sign-ins recorded their email (migration 021): it proves nothing.
      const { id: squatter } = await passwordSignUp(api, { email: victim, first_name: 'Mallory', last_name: 'Squatter', id_number: '9202204720083' })
      await env.server.db.query("insert into customer_identities (provider, subject, customer_id) values ('facebook', $1, $2)", [
        `squatter-${victim}`,
        squatter,
      ])

      const mine = await providerSignIn('google', victim, 'Nomsa Dube')
      expect((await currentUser(mine))?.id).toBe(squatter)
      const list = await signIns(squatter, mine.cookieHeader)
      expect(list).toEqual({ has_password: false, sign_ins: [expect.objectContaining({ provider: 'google', email: victim })] })
    })
  })

  it('lists the linked sign-ins with their email, when linked and last used, and removes one with the current password', async () => {
    const me = await owner()
    const google = await providerSignIn('google', me.email.toUpperCase(), 'Nomsa Dube')
    expect((await currentUser(google))?.id).toBe(me.id)
    // The account's address is told, greeting by first name (the address is proven), with a link that removes it.
    const mail = await latestMail(me.email, 'signInLinked')
    expect(mail).toContain('Hello Nomsa,')
    expect(mail).toContain('Google')
    expect(mail).toMatch(/\/sign_in_removal\?token=[\w-]{43}\n/)

    const first = await signIns(me.id, me.cookie)
    expect(first).toEqual({
      has_password: true,
      sign_ins: [
        { provider: 'google', subject: expect.any(String), email: me.email.toUpperCase(), linked_at: expect.any(String), last_used_at: expect.any(String) },
      ],
    })
    const [linked] = first.sign_ins
    await env.server.db.query("update customer_identities set last_used_at = now() - interval '1 day' where customer_id = $1", [me.id])
    await providerSignIn('google', me.email, 'Nomsa Dube')
    const [used] = (await signIns(me.id, me.cookie)).sign_ins
    expect(Date.parse(used?.last_used_at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(used?.linked_at).toBe(linked?.linked_at)

    const wrong = await remove(me.id, me.cookie, { provider: 'google', subject: linked?.subject, current_password: 'Wrong#1234' })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toEqual({ error: serverMessages.wrongCurrentPassword, reason: 'password' })
    expect((await signIns(me.id, me.cookie)).sign_ins).toHaveLength(1)

    const removed = await remove(me.id, me.cookie, { provider: 'google', subject: linked?.subject, current_password: password })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toEqual({ has_password: true, sign_ins: [] })
    // The device the sign-in signed in is signed out; the owner's is not.
    expect(await currentUser(google)).toBeUndefined()
    expect((await whoIs(me.cookie))?.id).toBe(me.id)
    expect((await remove(me.id, me.cookie, { provider: 'google', subject: linked?.subject, current_password: password })).status).toBe(404)
  })

  it('answers 429 and removes nothing while the customer’s last password check is still in the hashing queue', async () => {
    const me = await owner()
    await providerSignIn('google', me.email, 'Nomsa Dube')
    const [linked] = (await signIns(me.id, me.cookie)).sign_ins
    // A password change of the same customer waits inside its place in the hashing queue.
    const run = scryptGate.run.bind(scryptGate)
    let reached!: () => void
    let release!: () => void
    const atGate = new Promise<void>((resolve) => (reached = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    const spy = vi.spyOn(scryptGate, 'run').mockImplementationOnce((task, holder) =>
      run(async () => {
        reached()
        await released
        return task()
      }, holder),
    )
    try {
      const change = api('/auth/password', { method: 'POST', cookie: me.cookie, body: { current_password: password, password: 'Other#5678' } })
      await atGate
      const busy = await remove(me.id, me.cookie, { provider: 'google', subject: linked?.subject, current_password: 'Wrong#1234' })
      expect(busy.status).toBe(429)
      expect(await busy.json()).toEqual({ error: serverMessages.passwordCheckBusy })
      expect((await signIns(me.id, me.cookie)).sign_ins).toHaveLength(1)
      release()
      await change
    } finally {
      release()
      spy.mockRestore()
    }
  })

  it('counts a wrong password against the sign-in limits of the email', async () => {
    const me = await owner()
    await providerSignIn('google', me.email, 'Nomsa Dube')
    const [linked] = (await signIns(me.id, me.cookie)).sign_ins
    const attempt = (pw: string) => remove(me.id, me.cookie, { provider: 'google', subject: linked?.subject, current_password: pw })
    for (let i = 0; i < 5; i++) expect((await attempt(`Wrong#${i}234`)).status).toBe(403)
    const limited = await attempt(password)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await api('/auth/login', { method: 'POST', body: { email: me.email, password } })).status).toBe(429)
  })

  it('removes a sign-in from an account made by a social sign-in with a recent sign-in instead of a password, never the last one', async () => {
    const email = uniqueEmail('social')
    const google = await providerSignIn('google', email, 'Lerato Mokoena')
    const me = await currentUser(google)
    const cookie = google.cookieHeader
    const facebook = await providerSignIn('facebook', email, 'Lerato Mokoena')
    expect((await currentUser(facebook))?.id).toBe(me?.id)
    const list = await signIns(me!.id, cookie)
    expect(list.has_password).toBe(false)
    expect(list.sign_ins.map((s) => s.provider)).toEqual(['google', 'facebook'])
    const [ownGoogle, ownFacebook] = list.sign_ins

    // Signed in a moment ago: no password asked (the account has none its owner knows).
    const removed = await remove(me!.id, cookie, { provider: 'facebook', subject: ownFacebook?.subject })
    expect(removed.status).toBe(200)
    expect(((await removed.json()) as { sign_ins: SignInRow[] }).sign_ins.map((s) => s.provider)).toEqual(['google'])
    expect(await currentUser(facebook)).toBeUndefined()

    // The last way into the account stays.
    const last = await remove(me!.id, cookie, { provider: 'google', subject: ownGoogle?.subject })
    expect(last.status).toBe(409)
    expect(await last.json()).toEqual({ error: serverMessages.lastSignIn, reason: 'last_sign_in' })

    // A sign-in over 10 minutes old must be made again first.
    const again = await providerSignIn('facebook', email, 'Lerato Mokoena')
    expect((await currentUser(again))?.id).toBe(me?.id)
    const facebookAgain = (await signIns(me!.id, cookie)).sign_ins.find((s) => s.provider === 'facebook')
    await env.server.db.query("update sessions set created_at = now() - interval '11 minutes' where customer_id = $1", [me!.id])
    const stale = await remove(me!.id, cookie, { provider: 'facebook', subject: facebookAgain?.subject })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toEqual({ error: serverMessages.signInAgain, reason: 'sign_in_again' })
    const fresh = await providerSignIn('google', email, 'Lerato Mokoena')
    expect((await remove(me!.id, fresh.cookieHeader, { provider: 'facebook', subject: facebookAgain?.subject })).status).toBe(200)
  })

  it('answers 403 for another customer’s sign-ins, to read or to remove', async () => {
    const me = await owner()
    const other = await owner()
    await providerSignIn('google', other.email, 'Nomsa Dube')
    const [theirs] = (await signIns(other.id, other.cookie)).sign_ins
    expect((await api(`/v2/users/${other.id}/sign_ins`, { cookie: me.cookie })).status).toBe(403)
    const removal = await remove(other.id, me.cookie, { provider: 'google', subject: theirs?.subject, current_password: password })
    expect(removal.status).toBe(403)
    expect((await signIns(other.id, other.cookie)).sign_ins).toHaveLength(1)
    // Naming someone else's sign-in under one's own id finds nothing.
    expect((await remove(me.id, me.cookie, { provider: 'google', subject: theirs?.subject, current_password: password })).status).toBe(404)
    expect((await signIns(other.id, other.cookie)).sign_ins).toHaveLength(1)
  })

  it('removes the sign-in with the link mailed when it joined: opening the page changes nothing, the tap does, once', async () => {
    const me = await owner()
    const google = await providerSignIn('google', me.email, 'Someone')
    const token = tokenIn(await latestMail(me.email, 'signInLinked'), '/sign_in_removal')

    const page = await fetch(`${env.server.url}/sign_in_removal?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect((await signIns(me.id, me.cookie)).sign_ins).toHaveLength(1)
    expect((await currentUser(google))?.id).toBe(me.id)

    const tapped = await api('/v2/sign_in_removals', { method: 'POST', body: { token } })
    expect(tapped.status).toBe(200)
    expect(await tapped.json()).toEqual({ email: me.email, provider: 'google' })
    expect((await signIns(me.id, me.cookie)).sign_ins).toEqual([])
    expect(await currentUser(google)).toBeUndefined()

    const twice = await api('/v2/sign_in_removals', { method: 'POST', body: { token } })
    expect(twice.status).toBe(410)
    expect(await twice.json()).toEqual({ error: serverMessages.signInRemovalLinkInvalid })
    expect((await api('/v2/sign_in_removals', { method: 'POST', body: { token: 'A'.repeat(43) } })).status).toBe(410)
  })
})
