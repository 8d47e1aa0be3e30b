import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { DESKTOP, MOBILE, horizontalOverflow, newContext, screenshot as fullPage, useBrowser, watchProblems } from './browser.ts'
import { addToCart, openHome, readCards } from './storefront.ts'

/**
 * The machine lab (/lab, issue 13): a tester drives the machines by hand with fake effects, travels through the
 * steps, hands the session on as a file and watches the app's own actors live. Found by role and visible text.
 */
const session = useBrowser()

/** The lab's pages log no errors and throw nothing. */
const expectNoProblems = () => expect(session.problems.errors).toEqual([])

const personal = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi.lab@example.co.za',
  password: 'Secret#123',
  phone: '0211234567',
}
const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }

async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  console.log(`[e2e] ${await fullPage(page, name)}`)
}

async function openLab(page: Page): Promise<void> {
  await page.goto('/lab')
  await page.getByRole('heading', { level: 1, name: 'Machine lab' }).waitFor()
}

const machineButton = (page: Page, name: string) => page.getByRole('group', { name: 'Machine' }).getByRole('button', { name, exact: true })
const currentState = (page: Page, state: string) => page.getByText(`Current state: ${state}`, { exact: true })
const contextJson = (page: Page) => page.getByRole('region', { name: 'Context as JSON', exact: true })
const eventButton = (page: Page, type: string) => page.getByRole('button', { name: type, exact: true })
const payload = (page: Page, type: string) => page.getByLabel(`Payload of ${type} (JSON)`, { exact: true })

async function pickMachine(page: Page, name: string): Promise<void> {
  await machineButton(page, name).click()
  await expect.poll(() => machineButton(page, name).getAttribute('aria-pressed')).toBe('true')
}

async function setField(page: Page, field: string, value: string): Promise<void> {
  await payload(page, 'signup.field.set').fill(JSON.stringify({ field, value }))
  await eventButton(page, 'signup.field.set').click()
  await expect
    .poll(
      async () =>
        JSON.parse((await contextJson(page).textContent()) ?? '{}').personal?.[field] ??
        JSON.parse((await contextJson(page).textContent()) ?? '{}').address?.[field],
    )
    .toBe(value)
}

/** Presses Tab until `target` has the focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
  }
  throw new Error(`Tab never reached ${String(target)}`)
}

/** Facts in an IndexedDB database's event log, read with the browser's own API (0 when it has none). */
async function eventCount(page: Page, database: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('events')) return resolve(0)
          const count = db.transaction('events').objectStore('events').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => reject(count.error)
        }
      }),
    database,
  )
}

describe('the machine lab', () => {
  test('steps the sign-up machine from invalid to valid to the address step and a submit that fails, exports the session and imports it in a fresh page', async () => {
    const page = await session.page({ viewport: DESKTOP })
    await openLab(page)
    await pickMachine(page, 'Sign-up')
    await page.getByLabel('Effects of Sign-up').selectOption({ label: 'Fake: server answers 500' })
    await currentState(page, 'personal').waitFor()
    // Events accepted in "personal": typing and Next, not Back or Submit.
    await eventButton(page, 'signup.next').waitFor()
    expect(await eventButton(page, 'signup.back').count()).toBe(0)
    expect(await eventButton(page, 'signup.submit').count()).toBe(0)

    // Invalid: Next shows the validation messages in the context and stays.
    await eventButton(page, 'signup.next').click()
    await expect.poll(() => contextJson(page).textContent()).toContain('First name is required.')
    await currentState(page, 'personal').waitFor()

    // The payload editor checks the event's schema as it is typed.
    await payload(page, 'signup.field.set').fill('{"field": "first_name",')
    await page.getByText(/^This is not valid JSON/).waitFor()
    await payload(page, 'signup.field.set').fill('{"field": "nickname", "value": "T"}')
    await page.getByText(/^field must be .*"first_name".*, not "nickname"\.$/).waitFor()
    expect(await payload(page, 'signup.field.set').getAttribute('aria-invalid')).toBe('true')
    await payload(page, 'signup.field.set').fill('{"field": "first_name"}')
    await page.getByText('value is missing.', { exact: true }).waitFor()

    // Valid: every personal field, then Next moves to the address step.
    for (const [field, value] of Object.entries(personal)) await setField(page, field, value)
    await eventButton(page, 'signup.next').click()
    await currentState(page, 'address').waitFor()
    await eventButton(page, 'signup.back').waitFor()
    for (const [field, value] of Object.entries(address)) await setField(page, field, value)

    // Submit with the failing fake: submitting, then back on the address step with the server's error.
    await eventButton(page, 'signup.submit').click()
    await currentState(page, 'address').waitFor()
    await expect.poll(async () => JSON.parse((await contextJson(page).textContent()) ?? '{}').serverError).toBe('Internal Server Error')
    const steps = page.getByRole('list', { name: 'Recorded steps' }).getByRole('listitem')
    await expect.poll(() => steps.last().textContent()).toContain('xstate.error.actor.0.signup.submitting')
    await expect.poll(() => steps.nth(-2).textContent()).toContain('signup.submit')
    await page
      .getByRole('region', { name: 'Event as JSON' })
      .getByText(/Internal Server Error/)
      .waitFor()
    await screenshot(page, 'lab-signup-1280')
    const context = JSON.parse((await contextJson(page).textContent()) ?? 'null')
    const stepText = await page.getByText(/^Step \d+ of \d+$/).textContent()

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export session' }).click()])
    expect(download.suggestedFilename()).toMatch(/^lab-signup-.*\.json$/)
    const file = (await download.path()) as string
    const exported = JSON.parse(await readFile(file, 'utf8'))
    expect(exported).toMatchObject({ format: 'seed-machine-lab', machine: 'signup', effects: 'server500' })

    // A fresh page (its own storage): the file brings back the same state and context, no effect runs.
    const fresh = await newContext(session.browser(), { viewport: DESKTOP })
    try {
      const other = await fresh.newPage()
      watchProblems(other, session.problems)
      const requests: string[] = []
      other.on('request', (request) => {
        if (request.url().includes('/api/v2/users')) requests.push(request.url())
      })
      await openLab(other)
      await other.getByLabel('Import a session file').setInputFiles(file)
      await other
        .getByRole('status')
        .getByText(/^Imported: Sign-up at step \d+ of \d+, rebuilt from its events without running any effect\.$/)
        .waitFor()
      expect(await machineButton(other, 'Sign-up').getAttribute('aria-pressed')).toBe('true')
      await currentState(other, 'address').waitFor()
      expect(JSON.parse((await contextJson(other).textContent()) ?? 'null')).toEqual(context)
      expect(await other.getByText(/^Step \d+ of \d+$/).textContent()).toBe(stepText)
      expect(await other.getByLabel('Effects of Sign-up').inputValue()).toBe('server500')
      expect(requests).toEqual([])
      await screenshot(other, 'lab-signup-imported-1280')
    } finally {
      await fresh.close()
    }
    expectNoProblems()
  })

  test('steps the payment machine to pending with a fake, and back and forward through time travel', async () => {
    const page = await session.page({ viewport: MOBILE })
    await openLab(page)
    await pickMachine(page, 'Payment: card status')
    await page.getByLabel('Effects of Payment: card status').selectOption({ label: 'Fake: payment pending' })
    await page.getByLabel('Starts on').selectOption({ label: 'The payment status page' })
    await currentState(page, 'card.pending').waitFor()
    await eventButton(page, 'payment.status.check').waitFor()
    const pendingStep = await page.getByText(/^Step \d+ of \d+$/).textContent()
    expect(await page.locator('[aria-current="step"]').filter({ hasText: 'pending' }).count()).toBe(1)
    expect(await horizontalOverflow(page), 'lab at 360 px: horizontal overflow in px').toBe(0)
    await screenshot(page, 'lab-payment-pending-360')

    await page.getByRole('button', { name: 'Step back' }).click()
    await currentState(page, 'card.awaitingResult').waitFor()
    await page.getByText('You are looking at an earlier step. Sending an event continues from here and drops the later steps.').waitFor()
    // While the provider is asked, only news about the connection is accepted (the machine handles it everywhere).
    await eventButton(page, 'payment.connection.lost').waitFor()
    expect(await eventButton(page, 'payment.status.check').count()).toBe(0)
    await page.getByRole('button', { name: 'Step forward' }).click()
    await currentState(page, 'card.pending').waitFor()
    expect(await page.getByText(/^Step \d+ of \d+$/).textContent()).toBe(pendingStep)
    // The provider's pending answer is a fact in the lab log.
    await page.getByRole('heading', { name: 'Facts written' }).waitFor()
    await page.getByText('v1.PaymentResultReceived', { exact: true }).waitFor()

    // Checking again from pending asks the fake once more, which still says pending.
    await eventButton(page, 'payment.status.check').click()
    await currentState(page, 'card.awaitingResult').waitFor()
    await currentState(page, 'card.pending').waitFor()
    await page.getByRole('button', { name: 'Reset' }).click()
    await page.getByText(/^Step [1-3] of [1-3]$/).waitFor()
    expectNoProblems()
  })

  test('works by keyboard alone: choose a machine, send an event, step back', async () => {
    const page = await session.page({ viewport: DESKTOP })
    await openLab(page)
    const cart = machineButton(page, 'Cart')
    await tabTo(page, cart)
    const outline = await cart.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outline, 'focus is visible on the machine button').not.toBe('none')
    await page.keyboard.press('Enter')
    await expect.poll(() => cart.getAttribute('aria-pressed')).toBe('true')
    await currentState(page, 'ready.idle').waitFor()

    const add = eventButton(page, 'cart.line.add')
    await tabTo(page, add)
    await page.keyboard.press('Enter')
    await expect.poll(async () => JSON.parse((await contextJson(page).textContent()) ?? '{}').cart?.order_lines?.length).toBe(1)
    await page.getByText('v1.CartLineAdded', { exact: true }).waitFor()
    // A line to remove now exists, so removing is accepted.
    await eventButton(page, 'cart.line.remove').waitFor()

    // The fact went to the lab's own database; the customer's log holds nothing.
    expect(await eventCount(page, 'storefront-lab')).toBe(1)
    expect(await eventCount(page, 'storefront')).toBe(0)

    const back = page.getByRole('button', { name: 'Step back' })
    await tabTo(page, back)
    await page.keyboard.press('Enter')
    await expect.poll(async () => JSON.parse((await contextJson(page).textContent()) ?? '{}').cart?.order_lines?.length).toBe(0)
    await screenshot(page, 'lab-cart-keyboard-1280')
    expectNoProblems()
  })

  test('speaks Afrikaans and isiXhosa: its own messages come with its chunk', async () => {
    const page = await session.page({ viewport: MOBILE })
    await openLab(page)
    await page.getByLabel('Language').selectOption('af')
    await page.getByRole('heading', { level: 1, name: 'Masjienlab' }).waitFor()
    await page.getByRole('button', { name: 'Stap terug' }).waitFor()
    await page.getByRole('banner').getByRole('combobox').selectOption('xh')
    await page.getByRole('heading', { level: 1, name: 'Ilebhu yoomatshini' }).waitFor()
    await page.getByRole('heading', { name: 'Iziganeko ezamkelwayo ngoku' }).waitFor()
    await screenshot(page, 'lab-xh-360')
    expectNoProblems()
  })

  test("the live view follows the app's cart as another tab fills it, read only", async () => {
    const context = await session.context({ viewport: MOBILE })
    const page = await session.page({ viewport: MOBILE })
    await openLab(page)
    await machineButton(page, 'Live app').click()
    await page.getByRole('heading', { name: 'Cart, running' }).waitFor()
    await page.getByText('0 lines, total R0', { exact: false }).waitFor()
    await page.getByRole('heading', { name: 'Sign-in (auth), running' }).waitFor()
    await currentState(page, 'loggedOut').waitFor()

    const shop = await context.newPage()
    await openHome(shop)
    const [first] = await readCards(shop)
    if (!first) throw new Error('no product on the home page')
    await addToCart(shop, first.name)
    await page.getByText(/^1 line, total R/).waitFor()
    await expect
      .poll(async () => JSON.parse((await page.getByRole('region', { name: 'Stored cart as JSON' }).textContent()) ?? '{}').order_lines?.[0]?.name)
      .toBe(first.name)
    // Nothing on the live view sends an event.
    expect(await page.getByRole('button', { name: /^cart\.|^auth\./ }).count()).toBe(0)
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'lab-live-360')
    expectNoProblems()
  })
})
