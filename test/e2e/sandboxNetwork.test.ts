/**
 * Issue 38: the sandbox network's page in Chromium, as a tester plays the courier: two paid SIMs wait on fulfilment;
 * one is dispatched and delivered with RICA verified, and the storefront's own outbox asks for its activation, which
 * gives it the sandbox's number; the other fails RICA and is offered a second delivery. The page passes axe at both
 * widths. The file starts its own server: it changes SIMs the shared server's files must not see.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { sandboxPartner } from '../../server/config.ts'
import { sandboxNetworkPrefix } from '../../server/sandbox/network/sandbox.ts'
import { writeDemoHistory } from '../../server/seed/demoHistory.ts'
import type { RunningServer } from '../../server/server.ts'
import { address, call, signupBody } from '../server/helpers/accounts.ts'
import { API_KEY } from './accounts.ts'
import { DESKTOP, horizontalOverflow, MOBILE, screenshot, useBrowser } from './browser.ts'
import { startOwnServer } from './ownServer.ts'

const axeSource = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8')

let server: RunningServer
let sims: Array<{ id: number; billing: string; service_reference: string }>

beforeAll(async () => {
  server = await startOwnServer()
  const body = signupBody()
  const res = await fetch(`${server.url}/api/v2/users`, call('POST', body, { key: API_KEY }))
  expect(res.status).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  // The demo's orders and payments for a new customer, its two SIMs paid and waiting on fulfilment.
  await server.db.transaction((tx) => writeDemoHistory(tx, { customerId: user.id, address: address(), partner: sandboxPartner, now: new Date() }))
  sims = await server.db.query('select id, billing, service_reference from services where customer_id = $1 order by id', [user.id])
}, 120_000)
afterAll(() => server?.close())

const session = useBrowser()

/** axe's findings on the page: every impact level and the best-practice rules. */
async function axe(page: Page): Promise<unknown[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script just evaluated in the page
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] })
    // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
    return result.violations.map((v: any) => ({ rule: v.id, targets: v.nodes.map((n: any) => n.target.join(' >> ')) }))
  })
}

const simSection = (page: Page, reference: string) => page.getByRole('region', { name: new RegExp(`^${reference}: `) })
const storefrontSim = async (id: number) =>
  (
    await server.db.query<{ life: string; service_number: string | null; rica_failure: string | null }>(
      'select life, service_number, rica_failure from services where id = $1',
      [id],
    )
  )[0]!

describe('the sandbox network’s page', () => {
  test('a tester dispatches a paid SIM and delivers it with RICA verified: the outbox activates it with the sandbox’s number', {
    timeout: 90_000,
  }, async () => {
    const page = await session.page({ viewport: MOBILE, baseURL: server.url })
    const monthly = sims.find((s) => s.billing === 'monthly')!
    await page.goto(sandboxNetworkPrefix)
    await page.getByRole('heading', { level: 1, name: 'Sandbox network' }).waitFor()
    expect(await axe(page)).toEqual([])
    expect(await horizontalOverflow(page)).toBe(0)
    await screenshot(page, 'sandbox-network-waiting-360')

    const section = simSection(page, monthly.service_reference)
    await section.getByLabel('Tracking reference').fill('SBX-E2E-1')
    await section.getByRole('button', { name: 'Dispatch', exact: true }).click()
    await section.getByRole('button', { name: 'Delivered: RICA verified' }).waitFor()
    await section.getByText('SBX-E2E-1', { exact: true }).waitFor()
    expect(await storefrontSim(monthly.id)).toMatchObject({ life: 'on_its_way' })

    await section.getByRole('button', { name: 'Delivered: RICA verified' }).click()
    // The storefront's outbox sends the activation; the sandbox's number comes back in its event.
    await expect.poll(async () => (await storefrontSim(monthly.id)).life, { timeout: 20_000 }).toBe('active')
    const { service_number: number } = await storefrontSim(monthly.id)
    expect(number).toMatch(/^0[6-8]\d{8}$/)
    await page.reload()
    const active = page.getByRole('region', { name: `${number} (${monthly.service_reference})` })
    await active.getByRole('button', { name: 'Use 500 MB' }).waitFor()
    await active.getByRole('button', { name: 'Use 500 MB' }).click()
    await active.getByRole('button', { name: 'Use 500 MB' }).waitFor()
    await screenshot(page, 'sandbox-network-active-360')
  })

  test('a tester fails RICA at delivery with a reason: the storefront’s SIM says why, and a second delivery is offered', { timeout: 60_000 }, async () => {
    const page = await session.page({ viewport: DESKTOP, baseURL: server.url })
    const prepaid = sims.find((s) => s.billing === 'prepaid')!
    await page.goto(sandboxNetworkPrefix)
    const section = simSection(page, prepaid.service_reference)
    await section.getByRole('button', { name: 'Dispatch', exact: true }).click()
    await section.getByLabel('Reason').selectOption({ label: 'No valid proof of address' })
    await section.getByRole('button', { name: 'Delivered: RICA failed' }).click()
    await section.getByRole('button', { name: 'Dispatch again (attempt 2)' }).waitFor()
    await section.getByText('No valid proof of address', { exact: true }).waitFor()
    expect(await storefrontSim(prepaid.id)).toMatchObject({ life: 'rica_failed', rica_failure: 'proof_of_address', service_number: null })
    expect(await axe(page)).toEqual([])
    await screenshot(page, 'sandbox-network-rica-failed-1280')
  })
})
