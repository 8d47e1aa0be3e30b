/**
 * Signing in with X, which shares no email: the storefront asks for one, mails a link to it (read in the sandbox
 * mailbox), and following the link in the same browser makes the account and signs in.
 */
import { describe, expect, test } from 'vitest'
import { useBrowser } from './browser.ts'
import { uniqueEmail } from './accounts.ts'

const session = useBrowser()

describe('social sign-in with a provider that shares no email', () => {
  test('X signs in after the customer names an email and taps the link mailed to it; the link works once', async () => {
    const page = await session.page()
    await page.goto('/login')
    await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor()
    await page.getByRole('link', { name: 'Sign in with Twitter' }).click()

    // The sandbox's X: a typed identity; like the real X, it gives the storefront no email.
    await page.getByRole('heading', { level: 1, name: 'Sign in with Twitter' }).waitFor()
    await page.getByLabel('Email', { exact: true }).fill(`sipho.${Date.now().toString(36)}@x.example`)
    await page.getByLabel('Display name', { exact: true }).fill('Sipho Ndlovu')
    await page.getByRole('button', { name: 'Continue', exact: true }).click()

    await page.getByRole('heading', { level: 1, name: 'One more step: your email' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/social_email')
    await page.getByText('X did not share a confirmed email with us.', { exact: false }).waitFor()
    const email = uniqueEmail()
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await page.getByRole('status').getByText(`We sent a link to ${email}.`, { exact: true }).waitFor()

    // The mail, read in the sandbox mailbox in the same browser.
    const mailbox = await page.context().newPage()
    await mailbox.goto('/sandbox/mail')
    await mailbox.getByLabel('Email address').fill(email)
    await mailbox.getByRole('button', { name: 'Open mailbox' }).click()
    const subject = 'Confirm your email to sign in to Seed Storefront with X'
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
    const link = mailbox.locator('article a[href*="/social_confirm?token="]')
    const confirmUrl = (await link.getAttribute('href')) ?? ''
    expect(confirmUrl).toMatch(/\/social_confirm\?token=[\w-]{43}$/)

    // Opening the link changes nothing until the tap, so a mail scanner that opens it signs nobody in.
    await link.click()
    await mailbox.getByRole('heading', { level: 1, name: 'Confirm your email' }).waitFor()
    await mailbox.getByRole('button', { name: 'Confirm and sign in' }).click()
    await mailbox.getByRole('status').getByText(`You are signed in with ${email}.`, { exact: true }).waitFor()
    await mailbox.getByRole('link', { name: 'Go to your profile' }).click()
    await mailbox.waitForURL((url) => url.pathname === '/profile')
    await mailbox.getByRole('heading', { level: 1, name: 'Welcome Sipho Ndlovu' }).waitFor()

    // The same link again is refused.
    await mailbox.goto(confirmUrl)
    await mailbox.getByRole('button', { name: 'Confirm and sign in' }).click()
    await mailbox
      .getByRole('alert')
      .getByText(/^This link no longer works: it was already used/)
      .waitFor()
  })
})
