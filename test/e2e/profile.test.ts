/**
 * Issue 20, profile and addresses: Update Profile and Update Address on /profile, online and offline (a reload in
 * between, then the connection returns: each edit sent once and shown in every tab), a refusal that brings the form
 * back with what was typed, and a saved address other than the default picked on /delivery_address for an order.
 * Screens are saved at 360 and 1280 px, in English and Afrikaans.
 */
import { describe, expect, test } from 'vitest'
import type { BrowserContext, Locator, Page, Request } from 'playwright-core'
import { API_KEY, expectProfile, signUp, uniqueEmail } from './accounts.ts'
import { DESKTOP, horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { goOffline, untilOutboxSettled, type Watched } from './device.ts'
import { addFirstProducts, openCart, openHome, proceedToOrder, waitForApp } from './storefront.ts'

const session = useBrowser()
/** The outbox kind of an account edit (src/features/account/profile/accountEditQueue.ts). */
const ACCOUNT_EDIT = 'account.edit'

/** What each language calls the things the test looks for (locales/*.po). */
const words = {
  en: {
    language: 'Language',
    personal: 'Personal Information',
    address: 'Address',
    updateProfile: 'Update Profile',
    updateAddress: 'Update Address',
    addAddress: 'Add an address',
    firstName: 'First name',
    phone: 'Phone number',
    streetName: 'Street name',
    save: 'Save',
    saveAddress: 'Save address',
    waiting: 'Waiting to be sent',
    welcome: (first: string, last: string) => `Welcome ${first} ${last}`,
    sentLater: 'Your account changes were saved.',
  },
  af: {
    language: 'Taal',
    personal: 'Persoonlike inligting',
    address: 'Adres',
    updateProfile: 'Werk profiel by',
    updateAddress: 'Werk adres by',
    addAddress: 'Voeg ’n adres by',
    firstName: 'Voornaam',
    phone: 'Telefoonnommer',
    streetName: 'Straatnaam',
    save: 'Stoor',
    saveAddress: 'Stoor adres',
    waiting: 'Wag om gestuur te word',
    welcome: (first: string, last: string) => `Welkom ${first} ${last}`,
    sentLater: 'Jou rekeningveranderinge is gestoor.',
  },
} as const
type Words = (typeof words)[keyof typeof words]

/** A screen saved for a person to look at, from the top, with nothing sticking out sideways. */
async function keep(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  expect(await horizontalOverflow(page), `${name}: horizontal overflow in px`).toBe(0)
  console.log(`[e2e] ${await screenshot(page, name)}`)
}

const personal = (page: Page, w: Words = words.en) => page.getByRole('region', { name: w.personal })
const addresses = (page: Page, w: Words = words.en) => page.getByRole('region', { name: w.address })
/** A detail row's value by its label, in a card. */
const detail = (card: Locator, label: string) => card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

interface Edit {
  method: string
  path: string
  key: string | null
  status: number | null
}

/** Every account edit the context sent (page and worker), with its Idempotency-Key and the answer's status. */
function watchEdits(context: BrowserContext): { edits: Edit[]; sends: Watched } {
  const edits: Edit[] = []
  const started: Request[] = []
  const open = new Set<Request>()
  const isEdit = (r: Request) => /\/api\/v2\/users\/\d+\/(profile|addresses\/|default_address)/.test(r.url()) && r.method() !== 'GET'
  context.on('request', (r) => {
    if (!isEdit(r)) return
    started.push(r)
    open.add(r)
  })
  context.on('requestfailed', (r) => open.delete(r))
  context.on('response', async (response) => {
    const r = response.request()
    if (!isEdit(r)) return
    edits.push({ method: r.method(), path: new URL(r.url()).pathname, key: await r.headerValue('idempotency-key'), status: response.status() })
    open.delete(r)
  })
  return { edits, sends: { started, inFlight: () => open.size } }
}

/** The customer as the server holds them now. */
async function serverCustomer(page: Page): Promise<{ first_name: string; phone: string; addresses: { street_name: string; is_default: boolean }[] }> {
  return page.evaluate(async (key) => (await (await fetch('/api/auth/session', { headers: { Key: key }, cache: 'no-store' })).json()).user, API_KEY)
}

async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
}

/** Changes the first name and phone through Update Profile and saves. */
async function editProfile(page: Page, w: Words, first: string, phone: string): Promise<void> {
  await personal(page, w).getByRole('button', { name: w.updateProfile }).click()
  await page.getByLabel(w.firstName, { exact: true }).fill(first)
  await page.getByLabel(w.phone, { exact: true }).fill(phone)
  await personal(page, w).getByRole('button', { name: w.save, exact: true }).click()
}

/** Changes the default address's street through Update Address and saves. */
async function editStreet(page: Page, w: Words, street: string): Promise<void> {
  await addresses(page, w).getByRole('button', { name: w.updateAddress }).click()
  await page.getByLabel(w.streetName, { exact: true }).fill(street)
  await addresses(page, w).getByRole('button', { name: w.saveAddress }).click()
}

/** Adds a second address through "Add an address". */
async function addAddress(page: Page, street: string): Promise<void> {
  await addresses(page).getByRole('button', { name: 'Add an address' }).click()
  for (const [label, value] of Object.entries({
    'Street number': '7',
    'Street name': street,
    'City/Town': 'Cape Town',
    Province: 'Western Cape',
    'Postal Code': '8001',
  }))
    await page.getByLabel(label, { exact: true }).fill(value)
  await addresses(page).getByRole('button', { name: 'Save address' }).click()
  await addresses(page).getByRole('listitem').filter({ hasText: street }).waitFor()
}

async function switchToAfrikaans(page: Page): Promise<void> {
  await waitForApp(page)
  await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption({ label: 'AF' })
  await page.getByRole('banner').getByRole('combobox', { name: words.af.language }).waitFor()
}

describe('profile and addresses', () => {
  test('Update Profile and Update Address online, with the sign-up messages, and each edit sent once', async () => {
    const context = await session.context()
    const { edits, sends } = watchEdits(context)
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await waitForApp(page)
    await keep(page, 'profile-360')

    await personal(page).getByRole('button', { name: 'Update Profile' }).click()
    await page.getByLabel('First name', { exact: true }).fill('')
    await page.getByLabel('Phone number', { exact: true }).fill('021')
    await personal(page).getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('First name is required.', { exact: true }).waitFor()
    await page.getByText('Phone number must be 10 digits.', { exact: true }).waitFor()
    expect(await page.getByLabel('First name', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true)
    // The ID number is shown, never an input.
    expect(await personal(page).getByRole('textbox', { name: 'ID number' }).count()).toBe(0)
    await keep(page, 'profile-edit-errors-360')
    expect(edits).toEqual([])

    await page.getByLabel('First name', { exact: true }).fill('Thandeka')
    await page.getByLabel('Phone number', { exact: true }).fill('0219876543')
    await personal(page).getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome Thandeka Nkosi' }).waitFor()
    expect(await detail(personal(page), 'Phone').innerText()).toBe('0219876543')
    await page.getByText('Your profile was updated.', { exact: true }).waitFor()

    await editStreet(page, words.en, 'Bree Street')
    await page.getByText('Your address was saved.', { exact: true }).waitFor()
    expect(await detail(addresses(page), 'Street name').innerText()).toBe('Bree Street')
    await addAddress(page, 'Loop Street')
    await addresses(page).getByRole('listitem').filter({ hasText: 'Loop Street' }).getByRole('button', { name: 'Make default' }).click()
    await expect.poll(() => detail(addresses(page), 'Street name').innerText()).toBe('Loop Street')
    await addresses(page).getByRole('listitem').filter({ hasText: 'Bree Street' }).getByRole('button', { name: 'Remove' }).click()
    await expect.poll(() => addresses(page).getByRole('listitem').count()).toBe(0)

    await untilOutboxSettled(page, ACCOUNT_EDIT, sends)
    expect(edits.map((e) => `${e.method} ${e.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}|\d+/g, '…')} ${e.status}`)).toEqual([
      'PUT /api/v…/users/…/profile 200',
      'PUT /api/v…/users/…/addresses/… 200',
      'PUT /api/v…/users/…/addresses/… 200',
      'PUT /api/v…/users/…/default_address 200',
      'DELETE /api/v…/users/…/addresses/… 200',
    ])
    expect(new Set(edits.map((e) => e.key)).size).toBe(edits.length)
    expect(await serverCustomer(page)).toMatchObject({
      first_name: 'Thandeka',
      phone: '0219876543',
      addresses: [{ street_name: 'Loop Street', is_default: true }],
    })
    await keep(page, 'profile-edited-360')
  })

  test('edits made offline in Afrikaans wait through a reload, then go once and show in a second tab', async () => {
    const context = await session.context({ viewport: DESKTOP })
    const { edits, sends } = watchEdits(context)
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await controlledByWorker(page)
    await waitForApp(page)
    await switchToAfrikaans(page)
    const w = words.af
    const other = await context.newPage()
    await other.goto('/profile')
    await other.getByRole('heading', { level: 1, name: w.welcome('Thandi', 'Nkosi') }).waitFor()

    await goOffline(context, page)
    await editProfile(page, w, 'Lindiwe', '0115551234')
    await page.getByRole('heading', { level: 1, name: w.welcome('Lindiwe', 'Nkosi') }).waitFor()
    await personal(page, w).getByText(w.waiting, { exact: true }).waitFor()
    await editStreet(page, w, 'Kloofstraat')
    await addresses(page, w).getByText(w.waiting, { exact: true }).waitFor()
    await keep(page, 'profile-offline-af-1280')
    // Shown at once in the other tab too: the edit is a fact on the device.
    await other.getByRole('heading', { level: 1, name: w.welcome('Lindiwe', 'Nkosi') }).waitFor()

    await page.reload()
    await page.getByRole('heading', { level: 1, name: w.welcome('Lindiwe', 'Nkosi') }).waitFor()
    await personal(page, w).getByText(w.waiting, { exact: true }).waitFor()
    expect(await detail(addresses(page, w), w.streetName).innerText()).toBe('Kloofstraat')
    expect(edits).toEqual([])

    await context.setOffline(false)
    // Told in the tab whose drain sent them (the outbox runs in one tab at a time).
    const told = async () => (await page.getByText(w.sentLater).count()) + (await other.getByText(w.sentLater).count())
    await expect.poll(told, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0)
    await expect.poll(() => page.getByText(w.waiting, { exact: true }).count(), { timeout: 20_000 }).toBe(0)
    await untilOutboxSettled(page, ACCOUNT_EDIT, sends)
    expect(edits.map((e) => e.status)).toEqual([200, 200])
    expect(new Set(edits.map((e) => e.key)).size).toBe(2)
    expect(await serverCustomer(page)).toMatchObject({ first_name: 'Lindiwe', phone: '0115551234', addresses: [{ street_name: 'Kloofstraat' }] })
    await expect.poll(() => other.getByText(w.waiting, { exact: true }).count()).toBe(0)
    // The other tab's cards follow the same write through their own live reads: each is waited for, none read once.
    await expect.poll(() => detail(addresses(other, w), w.streetName).innerText()).toBe('Kloofstraat')
    // The header's account menu follows too (its name shows on a wide screen).
    await other.getByRole('banner').getByText('Lindiwe', { exact: true }).waitFor()
    await keep(page, 'profile-sent-af-1280')
    await page.setViewportSize({ width: 360, height: 740 })
    await keep(page, 'profile-sent-af-360')
  })

  test('a refused change keeps what was typed; a taken email waits as any other; a new one waits for its link, followed from the sandbox mailbox', async () => {
    const context = await session.context({ viewport: DESKTOP })
    const page = await session.page()
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    await waitForApp(page)
    const save = () => personal(page).getByRole('button', { name: 'Save', exact: true }).click()
    const input = (label: string) => page.getByLabel(label, { exact: true })

    await personal(page).getByRole('button', { name: 'Update Profile' }).click()
    await input('First name').fill('Thandeka')
    await input('Email').fill('demo@storefront.co.za')
    await save()
    await page.getByText('Current password is required.', { exact: true }).waitFor()
    await input('Current password').fill('Wrong#1234')
    await save()
    await personal(page).getByText('The current password is not correct.', { exact: true }).waitFor()
    expect(await input('Email').inputValue()).toBe('demo@storefront.co.za')
    expect(await input('First name').inputValue()).toBe('Thandeka')
    expect(await input('Current password').getAttribute('aria-invalid')).toBe('true')
    await keep(page, 'profile-email-refused-1280')

    // Another account has the address: answered as any address, so the form tells nobody whether it has an account.
    await input('Current password').fill('Secret#123')
    await save()
    await personal(page).getByText('Waiting for confirmation at demo@storefront.co.za', { exact: true }).waitFor()
    expect(await detail(personal(page), 'Email').innerText()).toBe(email)
    await keep(page, 'profile-email-taken-1280')

    const next = uniqueEmail()
    await personal(page).getByRole('button', { name: 'Update Profile' }).click()
    await input('Email').fill(next)
    await input('Current password').fill('Secret#123')
    await save()
    await personal(page).getByText(`Waiting for confirmation at ${next}`, { exact: true }).waitFor()
    // The account keeps its email until the link is followed.
    expect(await detail(personal(page), 'Email').innerText()).toBe(email)
    await keep(page, 'profile-email-waiting-1280')

    const mailbox = await context.newPage()
    await mailbox.goto('/sandbox/mail')
    await mailbox.getByRole('heading', { level: 1, name: 'Sandbox mailbox' }).waitFor()
    await mailbox.getByLabel('Email address').fill(next)
    await mailbox.getByRole('button', { name: 'Open mailbox' }).click()
    await expect
      .poll(
        async () => {
          await mailbox.reload()
          return mailbox.getByRole('heading', { level: 3, name: 'Confirm your new email for Seed Storefront' }).count()
        },
        { timeout: 10_000 },
      )
      .toBe(1)
    // The new address is not confirmed yet, so the mail greets without the customer's name.
    await mailbox.getByText('Hello,').waitFor()
    expect(await mailbox.getByText('Thandeka').count()).toBe(0)
    await keep(mailbox, 'profile-email-mail-1280')
    await mailbox.locator('article a[href*="/confirm_email?token="]').click()
    // Opening the link changes nothing: the account moves on the tap.
    await mailbox.getByRole('button', { name: 'Confirm the new email' }).click()
    await mailbox.getByText(`Your email is now ${next}. Sign in with it from now on.`, { exact: true }).waitFor()
    await keep(mailbox, 'profile-email-confirmed-1280')
    // The profile tab follows: the confirming tab asked the server again and told the others.
    await expect.poll(() => detail(personal(page), 'Email').innerText()).toBe(next)
    expect(
      await personal(page)
        .getByText(/Waiting for confirmation/)
        .count(),
    ).toBe(0)
  })

  test('a saved address other than the default is picked on /delivery_address and the order goes there', async () => {
    const context = await session.context()
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await waitForApp(page)
    await addAddress(page, 'Bree Street')
    await openHome(page)
    await addFirstProducts(page, 1)
    await openCart(page)
    await proceedToOrder(page).click()
    await page.getByRole('heading', { level: 1, name: 'Delivery Address' }).waitFor()
    const choices = page.getByRole('group', { name: 'Deliver to' })
    expect(await choices.getByRole('radio', { name: /Long Street/ }).isChecked()).toBe(true)
    await keep(page, 'delivery-choice-360')
    await choices.getByRole('radio', { name: /Bree Street/ }).check()
    // The page's request: the service worker passes it on with a request of its own, whose body Chromium does not report.
    const placed = context.waitForEvent(
      'request',
      (r) => /\/api\/v10\/partner\/order\/\d+$/.test(r.url()) && r.method() === 'POST' && r.serviceWorker() === null && r.postData() !== null,
    )
    await page.getByRole('button', { name: 'create order' }).click()
    const body = (await placed).postDataJSON() as { order: { deliveryAddress: { street_name: string; street_number: string } } }
    expect(body.order.deliveryAddress).toMatchObject({ street_name: 'Bree Street', street_number: '7' })
    await page.waitForURL((url) => /^\/orders\/\d+$/.test(url.pathname))
  })
})
