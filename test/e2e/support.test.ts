import { describe, expect, test } from 'vitest'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { expectProfile, logOut, signUp, uniqueEmail } from './accounts.ts'
import { DESKTOP, horizontalOverflow, screenshot as fullPage, useBrowser } from './browser.ts'
import { goOffline, openOutboxRows, untilOutboxSettled, type Watched } from './device.ts'

// The server allows 5 new messages per address in 10 minutes: this file sends 3.
const session = useBrowser()
const WAITING = 'We will send your message when you are back online'
const THANKS = /^Thank you\. Your reference is SUP-[A-Z2-7]{8}$/
/** The outbox kind of a support message (src/features/support/supportQueue.ts). */
const SUPPORT_MESSAGE = 'support.message'

interface Answer {
  status: number
  key: string | null
  body: { id: string; message: { message: string } }
  reference: string | null
}

/** What the server answered to POST /api/support/messages in this context, and the sends still without a recorded answer. */
interface SupportWatch {
  /** Every answer, in order (failed sends never get one). */
  answers: Answer[]
  sends: Watched
}

function watchSupportAnswers(context: BrowserContext): SupportWatch {
  const answers: Answer[] = []
  const started: Request[] = []
  // A send counts as finished once its answer is in `answers` (or it failed), not when the bytes arrived.
  const open = new Set<Request>()
  const isSend = (request: Request) => request.method() === 'POST' && request.url().endsWith('/api/support/messages')
  context.on('request', (request) => {
    if (!isSend(request)) return
    started.push(request)
    open.add(request)
  })
  context.on('requestfailed', (request) => open.delete(request))
  context.on('response', async (response) => {
    const request = response.request()
    if (!isSend(request)) return
    const json = (await response.json().catch(() => ({}))) as { reference?: string }
    answers.push({
      status: response.status(),
      key: await request.headerValue('idempotency-key'),
      body: request.postDataJSON(),
      reference: json.reference ?? null,
    })
    open.delete(request)
  })
  return { answers, sends: { started, inFlight: () => open.size } }
}

/** A full-page screenshot from the top, so the sticky header sits where it belongs. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  await fullPage(page, name)
}

async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
}

async function openSupport(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/support')
  await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
}

const field = (page: Page, label: 'Name' | 'Email' | 'Message') => page.getByLabel(label, { exact: true })
const submit = (page: Page) => page.getByRole('button', { name: 'Submit' }).click()
const status = (page: Page) => page.getByRole('status').filter({ has: page.getByRole('list', { name: 'Your messages' }) })

describe('support', () => {
  test("the page, its FAQs, the form's messages and a message sent online", async () => {
    const context = await session.context()
    const { answers, sends } = watchSupportAnswers(context)
    const page = await session.page()
    const email = uniqueEmail()
    await signUp(page, email)
    await expectProfile(page)
    await openSupport(page)
    await page.getByText('How can we assist you today?', { exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor()
    expect(await field(page, 'Name').inputValue()).toBe('Thandi Nkosi')
    expect(await field(page, 'Email').inputValue()).toBe(email)
    expect(await field(page, 'Email').getAttribute('type')).toBe('email')

    await page.getByText('How do I reset my password?', { exact: true }).click()
    await page.getByText(/We email you a link that works once, for 30 minutes/).waitFor()
    await page.getByText('How do I contact customer support?', { exact: true }).click()
    await page.getByText(/Your message is emailed to our support team/).waitFor()
    await screenshot(page, 'support-faqs-360')

    await field(page, 'Name').fill('')
    await field(page, 'Email').fill('')
    await submit(page)
    for (const text of ['Name is required.', 'Email is required.', 'Message is required.']) await page.getByText(text, { exact: true }).waitFor()
    for (const label of ['Name', 'Email', 'Message'] as const) expect(await field(page, label).getAttribute('aria-invalid')).toBe('true')
    expect(await field(page, 'Name').evaluate((el) => el === document.activeElement)).toBe(true)
    await screenshot(page, 'support-empty-360')

    await field(page, 'Name').fill('Thandi Nkosi')
    await field(page, 'Email').fill('thandi@')
    await field(page, 'Message').fill('My router shows a red light since this morning.')
    await submit(page)
    await page.getByText('Invalid email address.', { exact: true }).waitFor()
    expect(await field(page, 'Email').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await field(page, 'Message').inputValue()).toBe('My router shows a red light since this morning.')
    // Refused on the device: nothing queued, so nothing can be sent.
    expect(await openOutboxRows(page, SUPPORT_MESSAGE)).toEqual([])
    expect(answers).toEqual([])

    await field(page, 'Email').fill(email)
    await submit(page)
    await status(page).getByText(THANKS).waitFor()
    expect(await field(page, 'Message').inputValue()).toBe('')
    expect(await field(page, 'Name').inputValue()).toBe('Thandi Nkosi')
    // The screen shows the answer the page got; the test's record of it may land a moment later.
    await untilOutboxSettled(page, SUPPORT_MESSAGE, sends)
    expect(answers).toHaveLength(1)
    expect(answers[0]).toMatchObject({ status: 201, key: answers[0]!.body.id })
    await status(page).getByText(`Thank you. Your reference is ${answers[0]!.reference}`, { exact: true }).waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'support-360')
  })

  test('a message sent offline waits through a reload and is sent exactly once when back online', async () => {
    const context = await session.context()
    const { answers, sends } = watchSupportAnswers(context)
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await controlledByWorker(page)
    await openSupport(page)

    await goOffline(context, page)
    const text = 'Please call me about moving my fibre line to a new address.'
    await field(page, 'Message').fill(text)
    await submit(page)
    await status(page).getByText(WAITING, { exact: true }).waitFor()
    expect(await field(page, 'Message').inputValue()).toBe('')
    await screenshot(page, 'support-offline-360')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Support' }).waitFor()
    await status(page).getByText(WAITING, { exact: true }).waitFor()
    await status(page).getByText(`“${text}”`).waitFor()
    expect(answers).toEqual([])

    await context.setOffline(false)
    await status(page).getByText(THANKS).waitFor({ timeout: 20_000 })
    await page.getByText(/^Your support message was sent\. Your reference is SUP-/).waitFor()
    expect(await status(page).getByText(WAITING).count()).toBe(0)
    // Nothing sent twice: once no message waits for an answer, no drain runs and every send has its answer, one was sent.
    await untilOutboxSettled(page, SUPPORT_MESSAGE, sends)
    expect(answers).toHaveLength(1)
    expect(answers[0]).toMatchObject({ status: 201, key: answers[0]!.body.id, body: { message: { message: text } } })
    await status(page).getByText(`Thank you. Your reference is ${answers[0]!.reference}`, { exact: true }).waitFor()
    await screenshot(page, 'support-sent-after-offline-360')
  })

  test('a message still queued at logout is delivered, and the next customer never sees it', async () => {
    const context = await session.context({ viewport: DESKTOP })
    const { answers, sends } = watchSupportAnswers(context)
    const page = await session.page()
    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await openSupport(page)
    // The connection looks up but the message never reaches the server.
    await context.route('**/api/support/messages', (route) => route.abort('connectionreset'))
    const text = 'A private question about my bill for March.'
    await field(page, 'Message').fill(text)
    await submit(page)
    await status(page).getByText(WAITING, { exact: true }).waitFor()
    await screenshot(page, 'support-waiting-1280')
    await logOut(page)
    await page.waitForURL((url) => url.pathname === '/')

    await signUp(page, uniqueEmail())
    await expectProfile(page)
    await openSupport(page)
    await context.unroute('**/api/support/messages')
    // The connection drops and returns: the first customer's message goes out while the second one is signed in.
    await goOffline(context, page)
    await context.setOffline(false)
    await expect.poll(() => answers.length, { timeout: 20_000 }).toBe(1)
    expect(answers[0]).toMatchObject({ status: 201, body: { message: { message: text } } })
    // Once its row is answered (its text forgotten) and the drain that sent it is over, nothing of it can show any more.
    await untilOutboxSettled(page, SUPPORT_MESSAGE, sends)
    expect(await page.getByText(text).count()).toBe(0)
    expect(await page.getByText(WAITING).count()).toBe(0)
    expect(await page.getByText(/Your reference is/).count()).toBe(0)
    expect(await field(page, 'Message').inputValue()).toBe('')
  })
})
