/**
 * The service page's SIM actions as a customer uses them, in Chromium, at 360 px in English and 1280 px in Afrikaans:
 * a rename made offline (kept over a reload, sent once back online), a package change scheduled and undone, and a
 * cancellation scheduled and applied when the server's clock reaches its date. The test starts its own server (its
 * database to check, its clock to move) on the build the e2e setup made; each test has a customer of its own with
 * the demo customer's SIMs (a monthly 5G SIM and a prepaid SIM with R35.50 in its wallet).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { sandboxPartner } from '../../server/config.ts'
import type { RunningServer } from '../../server/server.ts'
import { startOwnServer } from './ownServer.ts'
import { giveDemoHistory } from '../../server/seed/demoSims.ts'
import { address, call, password, signupBody } from '../server/helpers/accounts.ts'
import { MovableClock } from '../server/helpers/clock.ts'
import { API_KEY, logIn } from './accounts.ts'
import { DESKTOP, horizontalOverflow, MOBILE, screenshot, useBrowser } from './browser.ts'
import { goOffline, untilOutboxSettled, watchRequests } from './device.ts'
import { controlledByWorker } from './portal.ts'

const session = useBrowser()
const clock = new MovableClock()
let server: RunningServer | undefined

beforeAll(async () => {
  server = await startOwnServer({
    trustProxy: true,
    clock,
    // The job looks often, so a date the test moves the clock to is applied within a moment.
    serviceActionsIntervalMs: 200,
  })
})

// SIMs are activated by the real time: a clock an earlier test moved would bring their dates within seconds.
beforeEach(() => clock.reset())

afterAll(async () => {
  await server?.close()
})

const db = () => server!.db

/** The texts the test finds things by, in each language it runs in (locales/*.po). */
const TEXT = {
  en: {
    rename: 'Update Sim Name',
    nameField: 'SIM name',
    save: 'Save',
    required: 'Enter a name for the SIM.',
    tooLong: 'The SIM name can be at most 40 characters.',
    savedOffline: 'SIM name saved on this phone. It is sent to your account when you are back online.',
    change: 'Upgrade/Downgrade',
    schedule: 'Schedule change',
    scheduled: 'Scheduled Actions',
    undo: 'Undo',
    undone: 'Undone: nothing changes on that date.',
    undoOffline: 'Changing your SIM needs a connection. Check your connection and try again.',
    cancel: 'Cancel Service',
    confirmCancel: 'Confirm cancellation',
    cancelled: 'Cancelled',
    nothingLeft: 'This SIM is cancelled, so there is nothing more to change.',
    changeTo: (product: string) => `Package change to ${product} on `,
    cancellationOn: 'Cancellation on ',
  },
  af: {
    rename: 'Werk SIM-naam by',
    nameField: 'SIM-naam',
    save: 'Stoor',
    required: 'Gee die SIM ’n naam.',
    tooLong: 'Die SIM-naam kan hoogstens 40 karakters lank wees.',
    savedOffline: 'SIM-naam op hierdie foon gestoor. Dit word na jou rekening gestuur wanneer jy weer aanlyn is.',
    change: 'Opgradeer/Afgradeer',
    schedule: 'Skeduleer verandering',
    scheduled: 'Geskeduleerde aksies',
    undo: 'Ontdoen',
    undone: 'Ontdoen: niks verander op daardie datum nie.',
    undoOffline: 'Om jou SIM te verander, het jy ’n verbinding nodig. Gaan jou verbinding na en probeer weer.',
    cancel: 'Kanselleer diens',
    confirmCancel: 'Bevestig kansellasie',
    cancelled: 'Gekanselleer',
    nothingLeft: 'Hierdie SIM is gekanselleer, so daar is niks meer om te verander nie.',
    changeTo: (product: string) => `Pakketverandering na ${product} op `,
    cancellationOn: 'Kansellasie op ',
  },
} as const

type Language = keyof typeof TEXT
const RUNS = [
  { label: '360-en', viewport: MOBILE, language: 'en' },
  { label: '1280-af', viewport: DESKTOP, language: 'af' },
] as const

interface Sims {
  customerId: number
  monthly: number
  prepaid: number
}

/** A new customer (signed up through the API) with the demo customer's SIMs, signed in on the page in `language`. */
async function customerWithSims(page: Page, language: Language): Promise<Sims> {
  const body = signupBody()
  const res = await fetch(`${server!.url}/api/v2/users`, call('POST', body, { key: API_KEY }))
  expect(res.status).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  await giveDemoHistory(db(), { customerId: user.id, address: address(), partner: sandboxPartner, now: new Date() })
  const sims = await db().query<{ id: number; billing: string }>('select id, billing from services where customer_id = $1', [user.id])
  await logIn(page, body.user.email, password)
  await page.waitForURL((url) => url.pathname === '/profile')
  if (language !== 'en') {
    await page.getByRole('combobox', { name: 'Language' }).selectOption(language)
    await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' })
  }
  const of = (billing: string) => sims.find((s) => s.billing === billing)!.id
  return { customerId: user.id, monthly: of('monthly'), prepaid: of('prepaid') }
}

async function openService(page: Page, id: number): Promise<void> {
  await page.goto(`/service/${id}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.locator('#service-title').waitFor()
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const dialog = (page: Page) => page.getByRole('dialog')
const sidebar = (page: Page) => page.locator('section[aria-labelledby="service-title"]')
const serverName = async (id: number) => (await db().query<{ name: string }>('select name from services where id = $1', [id]))[0]?.name
const renamesOf = async (id: number) => db().query<{ key: string; name: string }>('select key, name from service_renames where service_id = $1', [id])

for (const { label, viewport, language } of RUNS) {
  const t = TEXT[language]

  describe(`SIM actions at ${label}`, () => {
    test('a rename made offline shows at once, stays over a reload, and is sent once when back online', async () => {
      const context = await session.context({ viewport, baseURL: server!.url })
      const sends = watchRequests(context, (request) => request.method() === 'POST' && /\/api\/v8\/partner\/services\/id\/\d+\/name$/.test(request.url()))
      const page = await session.page()
      const sims = await customerWithSims(page, language)
      await openService(page, sims.monthly)
      await controlledByWorker(page)
      await page.goto('/services')
      await page.getByRole('row').filter({ hasText: 'Home Wi-Fi' }).waitFor()
      await openService(page, sims.monthly)

      await goOffline(context, page)
      await button(page, t.rename).click()
      const field = dialog(page).getByLabel(t.nameField, { exact: true })
      expect(await field.inputValue()).toBe('Home Wi-Fi')
      await field.fill('   ')
      await button(page, t.save).click()
      await dialog(page).getByText(t.required, { exact: true }).waitFor()
      await field.fill('x'.repeat(41))
      await button(page, t.save).click()
      await dialog(page).getByText(t.tooLong, { exact: true }).waitFor()
      expect(await field.getAttribute('aria-invalid')).toBe('true')
      await screenshot(page, `sim-rename-invalid-${label}`, { fullPage: false })
      await field.fill('  Kitchen router ')
      await button(page, t.save).click()
      await page.getByText(t.savedOffline, { exact: true }).waitFor()
      await expect.poll(() => dialog(page).count()).toBe(0)
      await sidebar(page).getByText('Kitchen router', { exact: true }).first().waitFor()
      await screenshot(page, `sim-rename-offline-${label}`)

      // Offline, the phone keeps the name: a reload and the list show it, and the server has not heard of it.
      await page.reload()
      await sidebar(page).getByText('Kitchen router', { exact: true }).first().waitFor()
      await page.goto('/services')
      await page.getByRole('row').filter({ hasText: 'Kitchen router' }).waitFor()
      expect(await serverName(sims.monthly)).toBe('Home Wi-Fi')

      await context.setOffline(false)
      await expect.poll(() => serverName(sims.monthly), { timeout: 20_000 }).toBe('Kitchen router')
      await untilOutboxSettled(page, 'sim.rename', sends)
      const renames = await renamesOf(sims.monthly)
      expect(renames).toEqual([{ key: expect.any(String), name: 'Kitchen router' }])
      // Every send carried the one rename's key: however often it went, it was one rename.
      expect(new Set(sends.started.map((request) => request.headers()['idempotency-key']))).toEqual(new Set([renames[0]!.key]))
      await page.reload()
      await page.getByRole('row').filter({ hasText: 'Kitchen router' }).waitFor()
      expect(await horizontalOverflow(page)).toBe(0)
      await screenshot(page, `sim-rename-sent-${label}`)
    })

    test('a package change is scheduled from the next bill cycle, listed with its date, and undone (offline first: the failure stays in the panel)', async () => {
      const context = await session.context({ viewport, baseURL: server!.url })
      const page = await session.page()
      const sims = await customerWithSims(page, language)
      await openService(page, sims.monthly)
      await button(page, t.change).click()
      await dialog(page).getByRole('radio').first().waitFor()
      expect(await dialog(page).getByRole('radio').count()).toBe(3)
      await dialog(page).getByText('5G Uncapped 200Mbps', { exact: true }).click()
      const changes = dialog(page).getByRole('definition')
      await changes.filter({ hasText: /R649 p\/m → R749 p\/m \(\+R100\)/ }).waitFor()
      await changes.filter({ hasText: /100Mbps → .*200Mbps/ }).waitFor()
      await screenshot(page, `sim-package-choose-${label}`, { fullPage: false })
      await button(page, t.schedule).click()
      await expect.poll(() => dialog(page).count()).toBe(0)

      const panel = page.getByRole('region', { name: t.scheduled })
      await panel.getByText(t.changeTo('5G Uncapped 200Mbps'), { exact: false }).waitFor()
      expect(await button(page, t.change).isDisabled()).toBe(true)
      const [action] = await db().query<{ id: number; status: string; due_at: Date }>('select id, status, due_at from service_actions where service_id = $1', [
        sims.monthly,
      ])
      expect(action).toMatchObject({ status: 'scheduled' })
      expect(action!.due_at.getTime()).toBeGreaterThan(Date.now())
      expect(await horizontalOverflow(page)).toBe(0)
      await screenshot(page, `sim-package-scheduled-${label}`)

      // An Undo that cannot reach the server keeps its reason in the panel, after the toast has gone.
      await goOffline(context, page)
      await panel.getByRole('button', { name: new RegExp(`^${t.undo}`) }).click()
      await page.getByRole('alert').getByText(t.undoOffline, { exact: true }).waitFor()
      await panel.getByText(t.undoOffline, { exact: true }).waitFor()
      await screenshot(page, `sim-package-undo-offline-${label}`)
      await context.setOffline(false)
      await page.waitForFunction(() => navigator.onLine)
      await panel.getByRole('button', { name: new RegExp(`^${t.undo}`) }).click()
      await expect.poll(() => panel.getByText(t.undoOffline, { exact: true }).count()).toBe(0)
      await page.getByText(t.undone, { exact: true }).waitFor()
      await expect.poll(() => panel.count()).toBe(0)
      expect(await button(page, t.change).isEnabled()).toBe(true)
      expect((await db().query<{ status: string }>('select status from service_actions where id = $1', [action!.id]))[0]?.status).toBe('undone')
      await screenshot(page, `sim-package-undone-${label}`)
    })

    test('a cancellation is scheduled for the end of the bill cycle and, when the clock reaches it, the SIM is Cancelled with no actions', async () => {
      await session.context({ viewport, baseURL: server!.url })
      const page = await session.page()
      const sims = await customerWithSims(page, language)
      await openService(page, sims.monthly)
      await button(page, t.cancel).click()
      await button(page, t.confirmCancel).waitFor()
      await screenshot(page, `sim-cancel-confirm-${label}`, { fullPage: false })
      await button(page, t.confirmCancel).click()
      await expect.poll(() => dialog(page).count()).toBe(0)
      const panel = page.getByRole('region', { name: t.scheduled })
      await panel.getByText(t.cancellationOn, { exact: false }).waitFor()
      expect(await button(page, t.cancel).isDisabled()).toBe(true)
      expect(await button(page, t.change).isDisabled()).toBe(true)
      await screenshot(page, `sim-cancel-scheduled-${label}`)

      const [due] = await db().query<{ due_at: Date }>("select due_at from service_actions where service_id = $1 and kind = 'cancellation'", [sims.monthly])
      clock.advanceTo(due!.due_at)
      await expect
        .poll(async () => (await db().query<{ status: number }>('select status from services where id = $1', [sims.monthly]))[0]?.status, { timeout: 10_000 })
        .toBe(900)
      await page.reload()
      await sidebar(page).getByText(t.cancelled, { exact: true }).waitFor()
      await page.getByText(t.nothingLeft, { exact: true }).waitFor()
      for (const name of [t.rename, t.change, t.cancel]) expect(await button(page, name).count(), name).toBe(0)
      expect(await page.getByRole('region', { name: t.scheduled }).count()).toBe(0)
      expect(await horizontalOverflow(page)).toBe(0)
      await screenshot(page, `sim-cancelled-${label}`)
    })
  })
}

describe('a prepaid SIM', () => {
  test('is cancelled at once, after the confirmation shows the wallet balance that ends with it', async () => {
    await session.context({ viewport: MOBILE, baseURL: server!.url })
    const page = await session.page()
    const sims = await customerWithSims(page, 'en')
    await openService(page, sims.prepaid)
    await button(page, 'Cancel Service').click()
    await dialog(page).getByText('Your prepaid SIM will be cancelled now and stop working at once.', { exact: true }).waitFor()
    await dialog(page)
      .getByText(/Its wallet still holds R35\.50\./)
      .waitFor()
    await screenshot(page, 'sim-cancel-prepaid-360-en', { fullPage: false })
    await button(page, 'Cancel now').click()
    await page.getByText('Your SIM is cancelled.', { exact: true }).waitFor()
    await sidebar(page).getByText('Cancelled', { exact: true }).waitFor()
    expect(await button(page, 'Update Sim Name').count()).toBe(0)
  })
})

describe('the machine lab', () => {
  const machineButton = (page: Page, name: string) => page.getByRole('group', { name: 'Machine' }).getByRole('button', { name, exact: true })
  const eventButton = (page: Page, type: string) => page.getByRole('button', { name: type, exact: true })
  const currentState = (page: Page, state: string) => page.getByText(`Current state: ${state}`, { exact: true })
  const payload = (page: Page, type: string) => page.getByLabel(`Payload of ${type} (JSON)`, { exact: true })

  test('drives the rename dialog with fakes and shows the new name in the fact it wrote; the package change answers from its fakes', async () => {
    await session.context({ viewport: DESKTOP, baseURL: server!.url })
    const page = await session.page()
    await page.goto('/lab')
    await page.getByRole('heading', { level: 1, name: 'Machine lab' }).waitFor()
    await machineButton(page, 'SIM name').click()
    await currentState(page, 'closed').waitFor()
    await eventButton(page, 'sim.rename.open').click()
    await currentState(page, 'editing').waitFor()
    await payload(page, 'sim.rename.edit').fill(JSON.stringify({ name: 'Kitchen router' }))
    await eventButton(page, 'sim.rename.edit').click()
    await eventButton(page, 'sim.rename.save').click()
    await currentState(page, 'closed').waitFor()
    const facts = page.getByRole('region', { name: 'Facts written' })
    await facts.getByText('v1.SimRenamed', { exact: true }).waitFor()
    await facts.getByText(/"name": "Kitchen router"/).waitFor()
    await screenshot(page, 'sim-lab-rename-1280')

    await machineButton(page, 'SIM package and cancellation').click()
    await currentState(page, 'idle').waitFor()
    await eventButton(page, 'service.package.open').click()
    await currentState(page, 'package.choosing').waitFor()
    await eventButton(page, 'service.package.choose').click()
    await eventButton(page, 'service.package.confirm').click()
    await currentState(page, 'idle').waitFor()
    await screenshot(page, 'sim-lab-package-1280')
  })
})
