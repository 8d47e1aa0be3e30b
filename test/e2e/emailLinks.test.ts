/**
 * Issue 36, point 4: a link mailed about the email changes nothing until the customer taps. A mail scanner that opens
 * /verify_email or /confirm_email (and runs its scripts) must not verify an address or move an account. For each link:
 * open it, check through the server that nothing changed (the account's row and /api/auth/session), tap the one
 * button, and see the change; then the outcomes a tap can have: no connection (a retry that keeps the link), an
 * address taken meanwhile (409) and a dead link (410). In English, isiXhosa and Afrikaans; each screen is saved.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import type { RunningServer } from '../../server/server.ts'
import { API_KEY, expectProfile, signUp, uniqueEmail } from './accounts.ts'
import { horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { startOwnServer } from './ownServer.ts'
import { waitForApp } from './storefront.ts'

// Its own server: the test reads the account's row, which the run's shared server does not show.
let server: RunningServer
beforeAll(async () => {
  server = await startOwnServer()
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()

/** What each language calls the things the test looks for (locales/*.po). */
const words = {
  en: {
    option: 'EN',
    verifyTitle: 'Confirm your email',
    verifyButton: 'Confirm my email',
    verified: (email: string) => `Thank you: ${email} is confirmed as yours.`,
    confirmTitle: 'Confirm your new email',
    confirmButton: 'Confirm the new email',
    confirmed: (email: string) => `Your email is now ${email}. Sign in with it from now on.`,
    offline: 'You are offline. Following this link needs a connection.',
    tryAgain: 'Try again',
    taken: 'An account with this email already exists.',
    verifyDead: 'This confirmation link has expired, or your account no longer has this email.',
  },
  xh: {
    option: 'XH',
    verifyTitle: 'Qinisekisa i-imeyile yakho',
    verifyButton: 'Qinisekisa i-imeyile yam',
    verified: (email: string) => `Enkosi: i-${email} iqinisekisiwe njengeyakho.`,
    confirmTitle: 'Qinisekisa i-imeyile yakho entsha',
    confirmButton: 'Qinisekisa i-imeyile entsha',
    confirmed: (email: string) => `I-imeyile yakho ngoku ngu-${email}. Ngena ngayo ukususela ngoku.`,
    offline: 'Awukho kwi-intanethi. Ukulandela eli khonkco kufuna uqhagamshelo.',
    tryAgain: 'Zama kwakhona',
    taken: 'Sele ikho iakhawunti ene-imeyile le.',
    verifyDead: 'Eli khonkco lokuqinisekisa liphelelwe lixesha, okanye iakhawunti yakho ayisenayo le imeyile.',
  },
  af: {
    option: 'AF',
    verifyTitle: 'Bevestig jou e-pos',
    verifyButton: 'Bevestig my e-pos',
    verified: (email: string) => `Dankie: ${email} is bevestig as joune.`,
    confirmTitle: 'Bevestig jou nuwe e-pos',
    confirmButton: 'Bevestig die nuwe e-pos',
    confirmed: (email: string) => `Jou e-pos is nou ${email}. Meld voortaan daarmee aan.`,
    offline: 'Jy is vanlyn. Om hierdie skakel te volg, moet jy aanlyn wees.',
    tryAgain: 'Probeer weer',
    taken: 'Daar is reeds ’n rekening met hierdie e-posadres.',
    verifyDead: 'Hierdie bevestigingskakel het verval, of jou rekening het nie meer hierdie e-pos nie.',
  },
} as const
type Language = keyof typeof words

interface AccountRow {
  email: string
  pending_email: string | null
  verified_by: string | null
}

/** The account as the server's database holds it, found by its id. */
async function account(id: number): Promise<AccountRow> {
  const [row] = await server.db.query<AccountRow>('select email, pending_email, email_verified_by as verified_by from customers where id = $1', [id])
  if (!row) throw new Error(`no customer ${id}`)
  return row
}

/** The signed-in customer as the API answers for the page's session. */
async function sessionUser(page: Page): Promise<{ id: number; email: string; pending_email?: string }> {
  return page.evaluate(async (key) => (await (await fetch('/api/auth/session', { headers: { Key: key }, cache: 'no-store' })).json()).user, API_KEY)
}

/** The link of `kind` in the newest mail to `address` in the sandbox mailbox, once the outbox job has sent it. */
async function mailedLink(address: string, kind: 'verify_email' | 'confirm_email'): Promise<string> {
  const pattern = new RegExp(`href="(https?://[^"]+/${kind}\\?token=[\\w-]{43})"`)
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const html = await (await fetch(`${server.url}/sandbox/mail?address=${encodeURIComponent(address)}`)).text()
        link = pattern.exec(html)?.[1]
        return link !== undefined
      },
      { message: `a ${kind} mail to ${address}`, timeout: 15_000 },
    )
    .toBe(true)
  return link!
}

/** Every call that follows a mailed link, made by any page or worker of the context. */
function watchLinkCalls(context: BrowserContext): string[] {
  const calls: string[] = []
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (r.method() === 'POST' && /^\/api\/v2\/(email_verifications|email_confirmations)$/.test(path)) calls.push(path)
  })
  return calls
}

/** Opens a mailed link in a new tab and waits until the page is up and has nothing more to fetch. */
async function openLink(context: BrowserContext, url: string, title: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url)
  await waitForApp(page)
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  await page.waitForLoadState('networkidle')
  return page
}

async function keep(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await horizontalOverflow(page), `${name}: horizontal overflow in px`).toBe(0)
  console.log(`[e2e] ${await screenshot(page, name)}`)
}

/** Asks for an email change as the profile form does (it needs the password), through the API the app calls. */
async function askEmailChange(page: Page, userId: number, email: string): Promise<void> {
  const status = await page.evaluate(
    async ({ key, userId, email }) =>
      (
        await fetch(`/api/v2/users/${userId}/email`, {
          method: 'POST',
          headers: { Key: key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, current_password: 'Secret#123' }),
        })
      ).status,
    { key: API_KEY, userId, email },
  )
  expect(status).toBe(200)
}

/** Someone else registers `email` (through the API, from outside the customer's browser). */
async function registerElsewhere(email: string): Promise<void> {
  const address = { street_number: '3', street_name: 'Bree Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }
  const user = {
    first_name: 'Sipho',
    last_name: 'Dlamini',
    id_number: '9001015009086',
    email,
    password: 'Other#1234',
    confirm_password: 'Other#1234',
    phone: '0211234567',
    mobile: '0821234567',
    ricaAddress: address,
  }
  const res = await fetch(`${server.url}/api/v2/users`, {
    method: 'POST',
    headers: { Key: API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

describe('a link mailed about the email waits for a tap', () => {
  test.each(Object.keys(words) as Language[])('verify and confirm change nothing when opened, and act on the tap (%s)', async (language) => {
    const w = words[language]
    const context = await session.context({ baseURL: server.url })
    const calls = watchLinkCalls(context)
    const page = await session.page({ baseURL: server.url })
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    await waitForApp(page)
    const { id } = await sessionUser(page)
    if (language !== 'en') {
      await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: w.option })
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language)
    }

    // The sign-up confirmation: opening it (as a scanner would) proves nothing.
    const verifyUrl = await mailedLink(email, 'verify_email')
    const verify = await openLink(context, verifyUrl, w.verifyTitle)
    expect(calls, 'calls that follow a link, made as the page opened').toEqual([])
    expect(await account(id)).toEqual({ email, pending_email: null, verified_by: null })
    await keep(verify, `email-link-verify-asked-${language}-360`)
    await verify.getByRole('button', { name: w.verifyButton }).click()
    await verify.getByText(w.verified(email), { exact: true }).waitFor()
    expect(await account(id)).toEqual({ email, pending_email: null, verified_by: 'signup_link' })
    await keep(verify, `email-link-verified-${language}-360`)

    // A change whose address someone else registers before the tap (409): the account keeps its email. (Asked before the
    // change below is confirmed: once one is, no other is taken while its undo link is open.)
    const wanted = uniqueEmail()
    await askEmailChange(page, id, wanted)
    const takenUrl = await mailedLink(wanted, 'confirm_email')
    await registerElsewhere(wanted)
    const taken = await openLink(context, takenUrl, w.confirmTitle)
    await taken.getByRole('button', { name: w.confirmButton }).click()
    await taken.getByText(w.taken, { exact: true }).waitFor()
    expect(await account(id)).toMatchObject({ email })
    await keep(taken, `email-link-confirm-taken-${language}-360`)

    // The change of address: opened, the account keeps its email; tapped offline, it says so and the link still works.
    const next = uniqueEmail()
    await askEmailChange(page, id, next)
    const confirmUrl = await mailedLink(next, 'confirm_email')
    const confirm = await openLink(context, confirmUrl, w.confirmTitle)
    expect(calls).toEqual(['/api/v2/email_verifications', '/api/v2/email_confirmations'])
    expect(await account(id)).toEqual({ email, pending_email: next, verified_by: 'signup_link' })
    expect(await sessionUser(confirm)).toMatchObject({ email, pending_email: next })
    await keep(confirm, `email-link-confirm-asked-${language}-360`)
    await context.setOffline(true)
    await confirm.getByRole('button', { name: w.confirmButton }).click()
    await confirm.getByText(w.offline, { exact: true }).waitFor()
    expect(await account(id)).toMatchObject({ email, pending_email: next })
    await keep(confirm, `email-link-confirm-offline-${language}-360`)
    await context.setOffline(false)
    await confirm.getByRole('button', { name: w.tryAgain }).click()
    await confirm.getByText(w.confirmed(next), { exact: true }).waitFor()
    expect(await account(id)).toEqual({ email: next, pending_email: null, verified_by: 'email_change' })
    expect(await sessionUser(confirm)).toMatchObject({ email: next })
    await keep(confirm, `email-link-confirmed-${language}-360`)

    // The sign-up link again: the account no longer has that email, so the tap is refused (410).
    const stale = await openLink(context, verifyUrl, w.verifyTitle)
    await stale.getByRole('button', { name: w.verifyButton }).click()
    await stale.getByText(w.verifyDead, { exact: true }).waitFor()
    await keep(stale, `email-link-verify-dead-${language}-360`)
  })
})
