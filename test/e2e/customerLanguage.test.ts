/**
 * Issue 40, each customer's language: a customer who signs up in Afrikaans and later, on a new device showing English,
 * asks for a password reset while signed out gets the mail in Afrikaans (the account's language, not the device's).
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, newContext, screenshot, useBrowser } from './browser.ts'
import { fill, uniqueEmail } from './accounts.ts'
import { waitForApp } from './storefront.ts'

const session = useBrowser()

/** The sign-up form in Afrikaans, both steps, with valid data (the fields by their Afrikaans labels). */
async function signUpInAfrikaans(page: Page, email: string): Promise<void> {
  await page.goto('/signup')
  await page.getByRole('heading', { level: 1, name: 'Skep ’n rekening' }).waitFor()
  await fill(page, {
    Voornaam: 'Thandi',
    Van: 'Nkosi',
    'ID-nommer': '9001015009086',
    'E-pos': email,
    Wagwoord: 'Secret#123',
    Telefoonnommer: '0211234567',
  })
  await page.getByRole('button', { name: 'Volgende' }).click()
  await page.getByLabel('Straatnommer', { exact: true }).waitFor()
  await fill(page, { Straatnommer: '12', Straatnaam: 'Long Street', 'Stad/Dorp': 'Cape Town', Provinsie: 'Western Cape', Poskode: '8001' })
  await page.getByRole('button', { name: 'Dien in' }).click()
}

describe("a customer's mails speak the language of their account", () => {
  test('signed up in Afrikaans, a reset asked for on a new English device while signed out comes in Afrikaans', async () => {
    const page = await session.page()
    await page.goto('/')
    await waitForApp(page)
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'AF' })
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('af')
    const email = uniqueEmail()
    await signUpInAfrikaans(page, email)
    await page.waitForURL((url) => url.pathname === '/profile')
    await page.getByRole('heading', { level: 1, name: 'Welkom Thandi Nkosi' }).waitFor()

    // A new device: a fresh browser context, showing English, where nobody is signed in.
    const device = await newContext(session.browser(), { viewport: DESKTOP })
    try {
      const phone = await device.newPage()
      await phone.goto('/')
      await waitForApp(phone)
      expect(await phone.evaluate(() => document.documentElement.lang)).toBe('en')
      await phone.goto('/login')
      await phone.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor()
      await phone.getByRole('link', { name: 'Forgot your password?' }).click()
      await phone.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor()
      await phone.getByLabel('Email', { exact: true }).fill(email)
      await phone.getByRole('button', { name: 'Send me a link' }).click()
      await phone.getByText('If an account exists for that email, we sent a link to reset your password.', { exact: true }).waitFor()

      // The sandbox mailbox, opened on the English device, speaks English; the mail in it speaks Afrikaans.
      const mailbox = await device.newPage()
      await mailbox.goto('/sandbox/mail')
      await mailbox.getByRole('heading', { level: 1, name: 'Sandbox mailbox' }).waitFor()
      await mailbox.getByLabel('Email address').fill(email)
      await mailbox.getByRole('button', { name: 'Open mailbox' }).click()
      const subject = 'Stel jou Seed Storefront-wagwoord terug'
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
      const resetMail = mailbox.locator('article').filter({ has: mailbox.getByRole('heading', { level: 3, name: subject }) })
      expect(await resetMail.locator('.text').innerText()).toMatch(/^Hallo,\n/)
      expect(await mailbox.getByRole('heading', { level: 3, name: 'Reset your Seed Storefront password' }).count()).toBe(0)
      console.log(`[e2e] ${await screenshot(mailbox, 'customer-language-reset-mail-af-1280')}`)
    } finally {
      await device.close()
    }
  })
})
