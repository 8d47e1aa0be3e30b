/**
 * Errors in the customer's browser reach the operator. The file starts its own server, whose log it reads and whose
 * database it breaks: with the table of mailed links gone, following a sign-up link answers 500, and the page shows
 * the router's error screen with the request id; the report of it, and of an error met offline, reach the log.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { createLogger } from '../../server/log.ts'
import type { RunningServer } from '../../server/server.ts'
import { startOwnServer } from './ownServer.ts'
import { useBrowser } from './browser.ts'
import { openOutboxRows } from './device.ts'
import { waitForApp } from './storefront.ts'

type LogLine = { msg: string; reqId?: string; status?: number; [field: string]: unknown }

const lines: LogLine[] = []
let server: RunningServer
beforeAll(async () => {
  const log = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } })
  server = await startOwnServer({ log })
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()

type ClientErrorLine = LogLine & { release: string; failedRequestId?: string; clientError: { kind: string; message: string; path?: string } }
const reports = () => lines.filter((line): line is ClientErrorLine => line.msg === 'client error')

// A link's shape (43 characters) that no mail ever carried.
const TOKEN = 'Zq9abcdefghijklmnopqrstuvwxyz0123456789ABCD'

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name })
const tryAgain = (page: Page, name = 'Try again') => page.getByRole('button', { name })
const confirm = (page: Page) => page.getByRole('button', { name: 'Confirm my email' })

async function switchLanguage(page: Page, from: string, to: 'EN' | 'XH' | 'AF'): Promise<void> {
  await page.getByRole('banner').getByRole('combobox', { name: from }).selectOption({ label: to })
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to.toLowerCase())
}

describe('a page that fails', () => {
  test('shows the error screen with the request id in three languages, reports it, and tries again', async () => {
    await server.db.query('alter table email_links rename to email_links_away')
    const page = await session.page({ baseURL: server.url })
    await page.goto(`/verify_email?token=${TOKEN}`)
    await waitForApp(page)
    // The link is followed on the tap only (a mail scanner opening it changes nothing).
    await confirm(page).click()

    await heading(page, 'Something went wrong').waitFor()
    await tryAgain(page).waitFor()
    const requestId = (await page.getByTestId('request-id').textContent()) ?? ''
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/)
    // The id shown is the one the server answered the failed call under.
    expect(lines.filter((line) => line.reqId === requestId && line.msg === 'request').map((line) => line.status)).toEqual([500])

    // The report reaches the server, with the release and the failed call's id.
    await expect
      .poll(() => reports().filter((line) => line.failedRequestId === requestId).length, { message: 'the route report logged', timeout: 15_000 })
      .toBe(1)
    const [logged] = reports()
    // React's root hears it first, as the router's boundary caught it.
    expect(logged?.clientError).toMatchObject({ kind: 'render', path: '/verify_email' })
    expect(logged?.release).not.toBe('')
    expect(JSON.stringify(logged)).not.toContain(TOKEN)

    await switchLanguage(page, 'Language', 'XH')
    await heading(page, 'Kukho into engahambanga kakuhle').waitFor()
    await tryAgain(page, 'Zama kwakhona').waitFor()
    await switchLanguage(page, 'Ulwimi', 'AF')
    await heading(page, 'Iets het skeefgeloop').waitFor()
    await tryAgain(page, 'Probeer weer').waitFor()
    await switchLanguage(page, 'Taal', 'EN')

    // Offline, an error is kept on the device, and the screen's "Try again" works without the network.
    await page.context().setOffline(true)
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('Offline failure for thandi@example.co.za')
      })
    })
    await expect.poll(async () => (await openOutboxRows(page, 'client.error')).length, { message: 'the offline report queued', timeout: 15_000 }).toBe(1)
    await tryAgain(page).click()
    await confirm(page).click()
    await page.getByText('You are offline. Following this link needs a connection.').waitFor()
    expect(reports().some((line) => line.clientError.message.includes('Offline failure'))).toBe(false)

    // Back online, the queued report goes out, scrubbed.
    await page.context().setOffline(false)
    await expect
      .poll(() => reports().filter((line) => line.clientError.message === 'Offline failure for [email]').length, {
        message: 'the offline report logged',
        timeout: 15_000,
      })
      .toBe(1)
    await expect.poll(async () => (await openOutboxRows(page, 'client.error')).length, { timeout: 15_000 }).toBe(0)

    // Once the server works again, "Try again" follows the link again: this one is not valid, and the page says so.
    await server.db.query('alter table email_links_away rename to email_links')
    await tryAgain(page).click()
    await page.getByRole('alert').filter({ hasText: /link/i }).waitFor()
    expect(await heading(page, 'Something went wrong').count()).toBe(0)
  })
})
