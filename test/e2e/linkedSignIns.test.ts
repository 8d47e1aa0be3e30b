/**
 * Issue 36, point 2: the profile lists the provider sign-ins linked to the account and its owner removes one with the
 * password; the mail sent when a sign-in joined the account carries a link whose page waits for a tap. A Google
 * sign-in on another device joins the account; removing it signs that device out.
 */
import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { API_KEY, expectProfile, expectToast, person, signUp, uniqueEmail } from './accounts.ts'
import { DESKTOP, horizontalOverflow, newContext, screenshot, useBrowser } from './browser.ts'

const session = useBrowser()
const password = person('').Password

/** A screen saved for a person to look at, from the top, with nothing sticking out sideways. */
async function keep(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await horizontalOverflow(page), `${name}: horizontal overflow in px`).toBe(0)
  console.log(`[e2e] ${await screenshot(page, name)}`)
}

/** The sandbox mailbox of `email` in a new page of the context, once a mail with `subject` is in it. */
async function mailboxWith(context: BrowserContext, email: string, subject: string): Promise<Page> {
  const mailbox = await context.newPage()
  await mailbox.goto('/sandbox/mail')
  await mailbox.getByLabel('Email address').fill(email)
  await mailbox.getByRole('button', { name: 'Open mailbox' }).click()
  // The outbox job sends it within a second of the answer: look again until it is there.
  await expect
    .poll(
      async () => {
        await mailbox.reload()
        return mailbox.getByRole('heading', { level: 3, name: subject }).count()
      },
      { timeout: 10_000 },
    )
    .toBe(1)
  return mailbox
}

/** A customer who signed up with a password and confirmed the email by the link mailed at sign-up: a Google sign-in with it joins the account. */
async function confirmedCustomer(page: Page): Promise<string> {
  const email = uniqueEmail()
  await signUp(page, email)
  await expectProfile(page)
  const mailbox = await mailboxWith(page.context(), email, 'Confirm your email for Seed Storefront')
  await mailbox.locator('article a[href*="/verify_email?token="]').click()
  // The link's page waits for a tap: opening it proves nothing.
  await mailbox.getByRole('button', { name: 'Confirm my email' }).click()
  await mailbox.getByRole('status').getByText(`Thank you: ${email} is confirmed as yours.`, { exact: true }).waitFor()
  await mailbox.close()
  return email
}

/** Another device signs in with Google as `email`; returns its context (signed in to the account). */
async function googleOnAnotherDevice(email: string): Promise<BrowserContext> {
  const device = await newContext(session.browser())
  const page = await device.newPage()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign in with Google' }).click()
  await page.getByRole('heading', { level: 1, name: 'Sign in with Google' }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Display name', { exact: true }).fill('Thandi Nkosi')
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expectProfile(page)
  return device
}

const linkedTable = (page: Page) => page.getByRole('table', { name: 'Linked sign-ins' })

describe('linked sign-ins on the profile', () => {
  test('the owner sees the Google sign-in another device linked, and removes it with the password', async () => {
    const page = await session.page({ viewport: DESKTOP })
    const email = await confirmedCustomer(page)
    const section = page.getByRole('region', { name: 'Linked sign-ins' })
    await section.getByText('No Google, Facebook or Twitter sign-in is linked to your account.', { exact: true }).waitFor()

    const device = await googleOnAnotherDevice(email)
    try {
      expect((await device.request.get('/api/auth/session', { headers: { Key: API_KEY } })).status()).toBe(200)
      await page.reload()
      await expectProfile(page)
      const row = linkedTable(page).getByRole('row').filter({ hasText: 'Google' })
      await row.getByText(email, { exact: true }).waitFor()
      // Linked and last used a moment ago, shown as dates in the customer's language.
      await expect.poll(() => row.getByRole('cell').count()).toBe(5)
      await keep(page, 'linked-sign-ins-listed-1280')

      // Offline, the profile shows the last list the device got, with its time, and removing says it needs the connection.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      await page.reload()
      await row.getByText(email, { exact: true }).waitFor()
      await page.context().setOffline(true)
      await page.waitForFunction(() => !navigator.onLine)
      await page.reload()
      await expectProfile(page)
      await row.getByText(email, { exact: true }).waitFor()
      await section.getByText(/^Last updated /).waitFor()
      await section.getByText('Removing a sign-in needs a connection.', { exact: true }).waitFor()
      expect(await row.getByRole('button', { name: `Remove the Google sign-in of ${email}` }).isDisabled()).toBe(true)
      await keep(page, 'linked-sign-ins-offline-1280')
      await page.context().setOffline(false)
      await page.waitForFunction(() => navigator.onLine)
      await page.reload()
      await expectProfile(page)

      // A wrong password is refused under the field; the sign-in stays.
      await row.getByRole('button', { name: `Remove the Google sign-in of ${email}` }).click()
      const form = page.getByRole('form', { name: 'Remove the Google sign-in' })
      await form.getByLabel('Current password', { exact: true }).fill('Wrong#1234')
      await form.getByRole('button', { name: 'Remove sign-in' }).click()
      await form.getByText('The current password is not correct.', { exact: true }).waitFor()
      await keep(page, 'linked-sign-ins-remove-wrong-password-1280')

      await form.getByLabel('Current password', { exact: true }).fill(password)
      await form.getByRole('button', { name: 'Remove sign-in' }).click()
      await expectToast(page, 'The Google sign-in was removed. It no longer opens your account.')
      await section.getByText('No Google, Facebook or Twitter sign-in is linked to your account.', { exact: true }).waitFor()
      expect(await linkedTable(page).count()).toBe(0)
      await keep(page, 'linked-sign-ins-removed-1280')

      // The device the Google sign-in signed in is signed out; this one is not.
      const sessionOf = (context: BrowserContext) => context.request.get('/api/auth/session', { headers: { Key: API_KEY } })
      expect((await sessionOf(device)).status()).toBe(401)
      expect((await sessionOf(page.context())).status()).toBe(200)
    } finally {
      await device.close()
    }
  })

  test('the mail sent when Google joined the account removes it with a tap, once; opening its link changes nothing', async () => {
    const page = await session.page()
    const email = await confirmedCustomer(page)
    const device = await googleOnAnotherDevice(email)
    try {
      const mailbox = await mailboxWith(page.context(), email, 'Google now signs in to your Seed Storefront account')
      const link = mailbox.locator('article a[href*="/sign_in_removal?token="]')
      const removalUrl = (await link.getAttribute('href')) ?? ''
      expect(removalUrl).toMatch(/\/sign_in_removal\?token=[\w-]{43}$/)

      await link.click()
      await mailbox.getByRole('heading', { level: 1, name: 'Remove a sign-in' }).waitFor()
      await mailbox.getByRole('button', { name: 'Remove this sign-in' }).waitFor()
      await keep(mailbox, 'linked-sign-ins-mail-link-360')
      // Opened, not tapped: the profile still lists it.
      await page.reload()
      await expectProfile(page)
      await linkedTable(page).getByText(email, { exact: true }).waitFor()

      await mailbox.getByRole('button', { name: 'Remove this sign-in' }).click()
      await mailbox
        .getByRole('status')
        .getByText(new RegExp(`^That sign-in no longer opens your account \\(${email.replaceAll('.', '\\.')}\\)\\.`))
        .waitFor()
      await keep(mailbox, 'linked-sign-ins-mail-link-done-360')
      await page.reload()
      await expectProfile(page)
      await page.getByText('No Google, Facebook or Twitter sign-in is linked to your account.', { exact: true }).waitFor()

      // The same link again is refused.
      await mailbox.goto(removalUrl)
      await mailbox.getByRole('button', { name: 'Remove this sign-in' }).click()
      await mailbox
        .getByRole('alert')
        .getByText('This link no longer works: the sign-in was already removed, or the link was never sent.', { exact: true })
        .waitFor()
    } finally {
      await device.close()
    }
  })
})
