/**
 * Issue 20, passwords: changing the password on /profile ends the session of another browser; a forgotten password
 * is reset through the emailed link read in the sandbox mailbox (/sandbox/mail), after which the new password signs
 * in and the old link is refused. The first in English, the second in Afrikaans; each screen at 360 and 1280 px.
 */
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { DESKTOP, horizontalOverflow, MOBILE, newContext, screenshot, useBrowser } from './browser.ts'
import { expectProfile, expectToast, logIn, signUp, uniqueEmail } from './accounts.ts'
import { waitForApp } from './storefront.ts'

const session = useBrowser()

/** Saves a screen at 360 px, then at 1280 px, checking that nothing sticks out sideways at either width. */
async function keepBothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport)
    expect(await horizontalOverflow(page), `${name} at ${viewport.width}px: horizontal overflow`).toBe(0)
    console.log(`[e2e] ${await screenshot(page, `${name}-${viewport.width}`)}`)
  }
  await page.setViewportSize(MOBILE)
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

describe('changing the password on the profile page', () => {
  test('needs the current password and a matching new one, then signs out the other browser and keeps this one', async () => {
    const page = await session.page()
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)

    // Another browser signed in to the same account.
    const other = await newContext(session.browser(), { viewport: DESKTOP })
    try {
      const elsewhere = await other.newPage()
      await logIn(elsewhere, email, 'Secret#123')
      await expectProfile(elsewhere)

      await page.getByRole('button', { name: 'Change password' }).click()
      await field(page, 'Current password').waitFor()
      await keepBothWidths(page, 'password-change-form')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await page.getByText('Current password is required.', { exact: true }).waitFor()
      await page.getByText('Password is required.', { exact: true }).waitFor()

      await field(page, 'Current password').fill('Wrong#1234')
      await field(page, 'New password').fill('short')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await page.getByText('Password must be at least 8 characters, include a number, and a special character.', { exact: true }).waitFor()
      await field(page, 'New password').fill('Fresh#4567')
      await field(page, 'Confirm new password').fill('Fresh#4568')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await page.getByText('The passwords do not match.', { exact: true }).waitFor()
      await field(page, 'Confirm new password').fill('Fresh#4567')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await page.getByText('The current password is not correct.', { exact: true }).waitFor()
      expect(await field(page, 'Current password').getAttribute('aria-invalid')).toBe('true')
      // What was typed stays: only the current password needs typing again.
      expect(await field(page, 'New password').inputValue()).toBe('Fresh#4567')
      await keepBothWidths(page, 'password-change-wrong-current')

      await field(page, 'Current password').fill('Secret#123')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await expectToast(page, 'Your password has been changed. Other devices signed in to your account have been signed out.')
      await page.getByRole('button', { name: 'Change password' }).waitFor()

      // This browser stays signed in; the other one is out at its next visit.
      await page.reload()
      await expectProfile(page)
      await elsewhere.reload()
      await elsewhere.waitForURL((url) => url.pathname === '/')
      await elsewhere.getByRole('banner').getByRole('link', { name: 'login' }).waitFor()
      console.log(`[e2e] ${await screenshot(elsewhere, 'password-change-other-browser-signed-out-1280')}`)
      await logIn(elsewhere, email, 'Secret#123')
      await expectToast(elsewhere, 'Incorrect Username or Password. Please try again.')
      await logIn(elsewhere, email, 'Fresh#4567')
      await expectProfile(elsewhere)
    } finally {
      await other.close()
    }
  })
})

describe('resetting a forgotten password by email, in Afrikaans', () => {
  test('the link from the sandbox mailbox sets a new password and signs in; the new password works and the old link is refused', async () => {
    const page = await session.page()
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    await waitForApp(page)
    // The customer picks Afrikaans while signed in: their account records it (its mails speak it), then they sign out.
    const recorded = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/language'), { timeout: 20_000 })
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'AF' })
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('af')
    expect((await recorded).status()).toBe(200)
    await page.getByRole('button', { name: 'Rekeningkieslys' }).click()
    await page.getByRole('menuitem', { name: 'Meld af' }).click()
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto('/login')
    await page.getByRole('heading', { level: 1, name: 'Meld aan om voort te gaan' }).waitFor()
    await page.getByRole('link', { name: 'Wagwoord vergeet?' }).click()
    await page.getByRole('heading', { level: 1, name: 'Wagwoord vergeet?' }).waitFor()
    await page.getByRole('button', { name: 'Stuur vir my ’n skakel' }).click()
    await page.getByText('E-pos is verpligtend.', { exact: true }).waitFor()
    await field(page, 'E-pos').fill(email)
    await keepBothWidths(page, 'password-forgot-form-af')
    await page.getByRole('button', { name: 'Stuur vir my ’n skakel' }).click()
    await page
      .getByText('As daar ’n rekening vir daardie e-posadres bestaan, het ons ’n skakel gestuur om jou wagwoord terug te stel.', { exact: true })
      .waitFor()
    await keepBothWidths(page, 'password-forgot-sent-af')

    // The tester reads the mail in the sandbox mailbox, which speaks the language the app does (its lang cookie).
    const mailbox = await page.context().newPage()
    await mailbox.goto('/sandbox/mail')
    await mailbox.getByRole('heading', { level: 1, name: 'Toetsomgewing-posbus' }).waitFor()
    await mailbox.getByLabel('E-posadres').fill(email)
    await mailbox.getByRole('button', { name: 'Maak posbus oop' }).click()
    // The outbox job sends it within a second of the answer: look again until it is there.
    await expect
      .poll(
        async () => {
          await mailbox.reload()
          return mailbox.getByRole('heading', { level: 3, name: 'Stel jou Seed Storefront-wagwoord terug' }).count()
        },
        { timeout: 10_000 },
      )
      .toBe(1)
    // The mailbox also holds the sign-up's confirmation: the reset link is the mail under its own heading. The address
    // was never verified (that confirmation was not followed), so the mail greets without the name typed at sign-up.
    const resetMail = mailbox.locator('article').filter({ has: mailbox.getByRole('heading', { level: 3, name: 'Stel jou Seed Storefront-wagwoord terug' }) })
    const resetText = await resetMail.locator('.text').innerText()
    expect(resetText).toMatch(/^Hallo,\n/)
    expect(resetText).not.toContain('Thandi')
    await keepBothWidths(mailbox, 'password-sandbox-mailbox-af')
    const link = mailbox.locator('article a[href*="/reset_password?token="]')
    const resetUrl = (await link.getAttribute('href'))!
    expect(resetUrl).toMatch(/\/reset_password\?token=[\w-]{43}$/)

    await link.click()
    await mailbox.getByRole('heading', { level: 1, name: 'Kies ’n nuwe wagwoord' }).waitFor()
    await field(mailbox, 'Nuwe wagwoord').fill('wagwoord')
    await mailbox.getByRole('button', { name: 'Stel nuwe wagwoord' }).click()
    await mailbox.getByText('Wagwoord moet minstens 8 karakters lank wees en ’n syfer en ’n spesiale karakter bevat.', { exact: true }).waitFor()
    await field(mailbox, 'Nuwe wagwoord').fill('Nuut#2026a')
    await field(mailbox, 'Bevestig nuwe wagwoord').fill('Nuut#2026b')
    await mailbox.getByRole('button', { name: 'Stel nuwe wagwoord' }).click()
    await mailbox.getByText('Die wagwoorde stem nie ooreen nie.', { exact: true }).waitFor()
    await keepBothWidths(mailbox, 'password-reset-form-af')
    await field(mailbox, 'Bevestig nuwe wagwoord').fill('Nuut#2026a')
    await mailbox.getByRole('button', { name: 'Stel nuwe wagwoord' }).click()
    await mailbox.waitForURL((url) => url.pathname === '/profile')
    await mailbox.getByRole('heading', { level: 1, name: 'Welkom Thandi Nkosi' }).waitFor()
    await expectToast(mailbox, 'Jou nuwe wagwoord is gestel en jy is aangemeld.')
    await keepBothWidths(mailbox, 'password-reset-signed-in-af')

    // Signed out, the old password no longer works and the new one does.
    await mailbox.getByRole('button', { name: 'Rekeningkieslys' }).click()
    await mailbox.getByRole('menuitem', { name: 'Meld af' }).click()
    await mailbox.waitForURL((url) => url.pathname === '/')
    for (const [password, outcome] of [
      ['Secret#123', 'Verkeerde gebruikersnaam of wagwoord. Probeer asseblief weer.'],
      ['Nuut#2026a', 'Suksesvol aangemeld!'],
    ] as const) {
      await mailbox.goto('/login')
      await mailbox.getByRole('heading', { level: 1, name: 'Meld aan om voort te gaan' }).waitFor()
      await field(mailbox, 'E-pos').fill(email)
      await field(mailbox, 'Wagwoord').fill(password)
      await mailbox.getByRole('button', { name: 'Meld aan', exact: true }).click()
      await expectToast(mailbox, outcome)
    }
    await mailbox.getByRole('heading', { level: 1, name: 'Welkom Thandi Nkosi' }).waitFor()

    // The link worked once: opened again, it says so and offers a new one.
    await mailbox.goto(resetUrl)
    await mailbox.getByRole('heading', { level: 1, name: 'Hierdie skakel kan nie gebruik word nie' }).waitFor()
    await mailbox.getByText('Hierdie skakel is reeds gebruik, of jou wagwoord is verander nadat dit gestuur is.', { exact: true }).waitFor()
    await keepBothWidths(mailbox, 'password-reset-link-used-af')
    await mailbox.getByRole('link', { name: 'Vra vir ’n nuwe skakel' }).click()
    await mailbox.getByRole('heading', { level: 1, name: 'Wagwoord vergeet?' }).waitFor()
  })
})
