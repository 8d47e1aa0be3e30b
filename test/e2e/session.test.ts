import { describe, expect, test } from 'vitest'
import { baseUrl, newContext, useBrowser } from './browser.ts'
import { CONNECTION_RETRY_CAP_MS } from '../../src/outbox/lifecycle.ts'
import { API_KEY, expectProfile, logIn, logOut, signUp, uniqueEmail } from './accounts.ts'
import { controlledByWorker } from './portal.ts'

const session = useBrowser()

/** Asks the server directly, outside any browser, whether this session cookie still works. */
async function sessionAlive(sid: string): Promise<boolean> {
  const res = await fetch(`${baseUrl()}/api/auth/session`, { headers: { Key: API_KEY, Cookie: `sid=${sid}` } })
  return res.status === 200
}

describe('the sign-in the device keeps', () => {
  test('a reload the moment the profile shows after signing in still shows the customer', async () => {
    const page = await session.page()
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/')
    await logIn(page, email, 'Secret#123')
    await expectProfile(page)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Welcome Thandi Nkosi' }).waitFor()
    await page.getByRole('button', { name: 'Account menu' }).waitFor()
  })

  test('"Sign in" pressed while the app is still checking who is there signs in once that check is over', async () => {
    const email = uniqueEmail()
    const first = await session.page()
    await signUp(first, email)
    await expectProfile(first)
    // Another device with a session hint: its first check asks the server, whose answer is held back past the
    // press of "Sign in" (an intent the checking app would otherwise drop).
    const fresh = await newContext(session.browser())
    try {
      await fresh.addCookies([{ name: 'signed_in', value: 'a'.repeat(64), url: baseUrl() }])
      let asked = false
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await fresh.route('**/api/auth/session', async (route) => {
        asked = true
        await held
        await route.continue()
      })
      const page = await fresh.newPage()
      await logIn(page, email, 'Secret#123')
      await expect.poll(() => asked, { timeout: 10_000 }).toBe(true)
      // The press was taken while the check is still held back: the form says it is signing in. Then the answer comes.
      await page.getByRole('button', { name: 'Signing in…' }).waitFor()
      release()
      await expectProfile(page)
    } finally {
      await fresh.close()
    }
  })

  test('a device that knows no customer learns of a valid session from the hint cookie', async () => {
    const context = await session.context()
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    // Another browser profile with the same cookies but an empty IndexedDB: the device knows nobody.
    const fresh = await newContext(session.browser())
    try {
      await fresh.addCookies(await context.cookies())
      const other = await fresh.newPage()
      await other.goto('/')
      await other.getByRole('button', { name: 'Account menu' }).waitFor()
      await other.goto('/profile')
      await other.getByRole('heading', { level: 1, name: 'Welcome Thandi Nkosi' }).waitFor()
    } finally {
      await fresh.close()
    }
  })

  test('an anonymous visitor is never asked about a session (no 401 on the home page)', async () => {
    const page = await session.page()
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/session')) asked.push(request.url())
    })
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'Product Packages' }).waitFor()
    // The app checks who is there once, when it starts; once it knows the visitor is anonymous it asks nothing more.
    await page.getByRole('navigation', { name: 'Main' }).and(page.locator('[data-session="anonymous"]')).waitFor()
    expect(asked).toEqual([])
  })

  test('a logout made offline ends the server session once the connection returns', async () => {
    const context = await session.context()
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    const sid = (await context.cookies()).find((c) => c.name === 'sid')!.value
    expect(await sessionAlive(sid)).toBe(true)

    // Offline, the pages the logout leads to come from the worker's cache: it must control the page first.
    await controlledByWorker(page)
    await context.setOffline(true)
    await page.waitForFunction(() => !navigator.onLine)
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('link', { name: 'login', exact: true }).waitFor()
    // Still offline: the server has not heard yet, and a reload keeps the visitor logged out.
    expect(await sessionAlive(sid)).toBe(true)
    await page.reload()
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0)

    await context.setOffline(false)
    // A page the worker served offline may never hear 'online': the queued logout then goes on its next try, which
    // a write without an answer waits for at most CONNECTION_RETRY_CAP_MS.
    await expect.poll(() => sessionAlive(sid), { timeout: CONNECTION_RETRY_CAP_MS + 10_000 }).toBe(false)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Product Packages' }).waitFor()
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0)
    expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false)
  })
})
