/**
 * Every screen and dialog checked by axe-core (every impact level, best-practice rules included) in English, isiXhosa
 * and Afrikaans at 360 and 1280 px; and on each, measured in Chromium: no sideways scrolling at 320 px nor with the
 * text at 200% (the root font-size set to 200%, at 360 px), and touch targets of at least 24 by 24 px or spaced so a
 * 24 px circle on each touches no other (WCAG 2.2 target size; links inside a sentence are exempt).
 * One browser, one page, one customer with the demo customer's SIMs and bills on a server of the file's own (the
 * language is the customer's to change); width and language switch on the same page.
 */
import { readFileSync } from 'node:fs'
import { LEGAL_PAGES, legalPath } from '../../src/domain/legal.ts'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { sandboxPartner } from '../../server/config.ts'
import { giveDemoHistory } from '../../server/seed/demoSims.ts'
import type { RunningServer } from '../../server/server.ts'
import { address, call, password, signupBody } from '../server/helpers/accounts.ts'
import { staffSession } from '../server/helpers/staff.ts'
import { audit } from '../../server/staff/audit.ts'
import { API_KEY, logIn, placeUnpaidOrder } from './accounts.ts'
import { DESKTOP, MOBILE, newContext, screenshot, useBrowser, watchProblems } from './browser.ts'
import { startOwnServer } from './ownServer.ts'
import { axe, type AxeExclusion } from './axe.ts'
import { waitForApp } from './storefront.ts'

const session = useBrowser()

const LANGUAGES = ['en', 'xh', 'af'] as const
type Language = (typeof LANGUAGES)[number]

/** A catalogue's msgid → msgstr (single-line entries: the short labels the test finds things by). */
function catalogue(path: string): Map<string, string> {
  const text = readFileSync(fileURLToPath(new URL(`../../locales/${path}`, import.meta.url)), 'utf8')
  return new Map([...text.matchAll(/^msgid "(.+)"\nmsgstr "(.+)"$/gm)].map((m) => [m[1]!, m[2]!.replace(/\\"/g, '"')]))
}
const app = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(`${l}.po`)])) as Record<Language, Map<string, string>>
const sandbox = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(`sandbox/${l}.po`)])) as Record<Language, Map<string, string>>
const staffText = Object.fromEntries(LANGUAGES.map((l) => [l, catalogue(`staff/${l}.po`)])) as Record<Language, Map<string, string>>
const say = (language: Language, english: string, from = app) => {
  const text = from[language].get(english)
  if (text === undefined) throw new Error(`no ${language} text for ${english}`)
  return text
}

/**
 * Findings of axe left out on purpose, each with its reason: a rule and the elements it is left out for.
 * Each is owned by another change of the same issue and is to be removed once that change is merged.
 */
const EXCLUDED: AxeExclusion[] = []

/** How far the page scrolls sideways, and the innermost elements that stick out on the right. */
async function overflow(page: Page): Promise<{ by: number; wide: string[] }> {
  return page.evaluate(() => {
    const by = document.documentElement.scrollWidth - document.documentElement.clientWidth
    if (by <= 0) return { by, wide: [] }
    const edge = document.documentElement.clientWidth + 1
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge)
    const describe = (el: Element) =>
      `${el.outerHTML.slice(0, 80)} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(el.getBoundingClientRect().right)}`
    const wide = sticking.filter((el) => !sticking.some((other) => other !== el && el.contains(other))).slice(0, 4)
    return { by, wide: wide.map(describe) }
  })
}

/** The interactive elements under 24×24 px that the spacing exception does not save. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !el.closest('[inert],[aria-hidden="true"]')
    }
    // A link inside a sentence: inline, with text of its block around it.
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false
      const block = el.parentElement
      return (block?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length
    }
    // A check box or radio is tapped through its label as well: the target is the label's box when it holds the input.
    const boxOf = (el: Element) => {
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null)
        if (label) return label.getBoundingClientRect()
      }
      return el.getBoundingClientRect()
    }
    const all = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex="0"]')]
      .filter((el) => !(el as HTMLButtonElement).disabled && visible(el) && !inSentence(el))
      .map((el) => ({ el, r: boxOf(el) }))
    const small = all.filter(({ r }) => r.width < 23.5 || r.height < 23.5)
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 })
    // Distance from a point to a rectangle (0 inside it).
    const toRect = (p: { x: number; y: number }, r: DOMRect) => Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom))
    const failing = small.filter(({ el, r }) => {
      const c = centre(r)
      return all.some((other) => {
        if (other.el === el || other.el.contains(el) || el.contains(other.el)) return false
        const undersized = small.some((s) => s.el === other.el)
        // WCAG 2.5.8: a 24 px circle on the undersized target must not meet another target, nor another undersized target's circle.
        return undersized ? Math.hypot(c.x - centre(other.r).x, c.y - centre(other.r).y) < 24 : toRect(c, other.r) < 12
      })
    })
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '').trim().slice(0, 40)}"`
    return failing.map(({ el, r }) => `${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`)
  })
}

const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

let server: RunningServer | undefined
let context: BrowserContext | undefined
let page: Page
// Each test leaves the page as the next one needs it: a cart with two lines, then a customer signed in.
let cartFilled = false
let signedIn = false
let customer: { id: number; email: string; monthly: number; prepaid: number }
/** Every finding of the run, by test, so each test fails with the list of what it found. */
let found: string[] = []
const checked = { screens: new Set<string>(), runs: 0, ms: 0 }

/**
 * Checks what the page shows now, at 360 and 1280 px: axe's findings, and at 320 px and with 200% text the reflow,
 * and the targets' size at each width. The page is left at 360 px.
 */
async function check(screen: string, language: Language): Promise<void> {
  const started = Date.now()
  checked.screens.add(screen)
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport)
    await settle(page)
    const at = `${screen} [${language} ${viewport.width}]`
    for (const f of await axe(page, EXCLUDED)) found.push(`${at} ${f.rule} (${f.impact}): ${f.help} — ${f.targets.slice(0, 4).join(', ')}\n    ${f.summary}`)
    for (const target of await smallTargets(page)) found.push(`${at} target under 24×24 px: ${target}`)
    checked.runs++
  }
  for (const [at, width, fontSize] of [
    ['320', 320, ''],
    ['360, text 200%', MOBILE.width, '200%'],
  ] as const) {
    await page.setViewportSize({ width, height: MOBILE.height })
    await page.evaluate((size) => {
      document.documentElement.style.fontSize = size
    }, fontSize)
    await settle(page)
    const { by, wide } = await overflow(page)
    if (by > 0) {
      found.push(`${screen} [${language} ${at}] scrolls sideways by ${by} px: ${wide.join(', ')}`)
      await screenshot(page, `a11y-overflow-${screen}-${language}-${width}`)
    }
  }
  await page.evaluate(() => {
    document.documentElement.style.fontSize = ''
  })
  await page.setViewportSize(MOBILE)
  checked.ms += Date.now() - started
}

const h1 = () => page.getByRole('heading', { level: 1 }).first()

/** Opens a screen of the app and waits until the app runs it and its language is loaded. */
async function open(path: string): Promise<void> {
  await page.goto(path)
  await h1().waitFor()
  await waitForApp(page)
  await page.getByRole('banner').locator('select[name="language"][aria-busy="false"]').waitFor()
}

/**
 * Notifications blocked for the site (Playwright can only grant), through the DevTools protocol, until the returned
 * function puts the prompt back. The override lives as long as the session that set it, so the session stays open.
 */
async function blockNotifications(): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page)
  // Without its context's id the setting lands on the browser's default context, not this page's.
  const { targetInfo } = await cdp.send('Target.getTargetInfo')
  const set = (setting: 'denied' | 'prompt') =>
    cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting,
      origin: new URL(page.url()).origin,
      ...(targetInfo.browserContextId && { browserContextId: targetInfo.browserContextId }),
    })
  await set('denied')
  return async () => {
    await set('prompt')
    await cdp.detach()
  }
}

async function chooseLanguage(language: Language): Promise<void> {
  await page.getByRole('banner').locator('select[name="language"]').selectOption(language)
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe(language)
}

/** Opens a dialog with the button named `opener`, checks it, and closes it with Escape. */
async function checkDialog(screen: string, language: Language, opener: string): Promise<void> {
  await page.getByRole('button', { name: opener, exact: true }).click()
  await page.getByRole('dialog').waitFor()
  await check(screen, language)
  await page.keyboard.press('Escape')
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
}

beforeAll(async () => {
  server = await startOwnServer({ trustProxy: true })
  context = await newContext(session.browser(), { baseURL: server.url, viewport: MOBILE })
  page = await context.newPage()
  watchProblems(page, session.problems)
  const body = signupBody()
  const res = await fetch(`${server.url}/api/v2/users`, call('POST', body, { key: API_KEY }))
  expect(res.status).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  await giveDemoHistory(server.db, { customerId: user.id, address: address(), partner: sandboxPartner, now: new Date() })
  const sims = await server.db.query<{ id: number; billing: string }>('select id, billing from services where customer_id = $1', [user.id])
  const of = (billing: string) => sims.find((s) => s.billing === billing)!.id
  customer = { id: user.id, email: body.user.email as string, monthly: of('monthly'), prepaid: of('prepaid') }
  // A support conversation the team answered, so the support page shows it with its answer box.
  const [message] = await server.db.query<{ id: number }>(
    `insert into support_messages (idempotency_key, sender, request_hash, customer_id, name, email, message, reference, client_address, mail_message_id, status)
     values (gen_random_uuid(), $1, 'a11y', $2, 'Thandi Nkosi', $3, 'My SIM has not arrived yet.', 'SUP-A11YA11Y', 'a11y', '<SUP-A11YA11Y.0@a11y.example>', 'waiting')
     returning id`,
    [`customer:${user.id}`, user.id, body.user.email],
  )
  await server.db.query(
    "insert into support_entries (support_message_id, kind, body, mail_message_id) values ($1, 'reply', 'It arrives tomorrow before noon.', '<SUP-A11YA11Y.1@a11y.example>')",
    [message?.id],
  )
  // A Google sign-in linked to the account, so the profile lists one and its removal can be checked.
  await server.db.query("insert into customer_identities (provider, subject, customer_id, email, last_used_at) values ('google', 'a11y', $1, $2, now())", [
    user.id,
    customer.email,
  ])
})

afterAll(async () => {
  await context?.close()
  await server?.close()
  console.log(`[e2e] axe: ${checked.screens.size} screens and dialogs, ${checked.runs} runs (× languages × widths) in ${(checked.ms / 1000).toFixed(1)} s`)
})

const expectNothingFound = () => {
  const list = found
  found = []
  expect(list.join('\n'), `${list.length} findings`).toBe('')
}

describe('the measures', () => {
  test('flag a page wider than the screen, targets under 24 px that touch another, and spare a small one standing apart', async () => {
    // A context of its own (closed after the test): a second page in the checks' context would put theirs in the background.
    const probe = await session.page({ viewport: { width: 320, height: 400 } })
    await probe.setContent(`<meta name="viewport" content="width=device-width, initial-scale=1"><style>body { margin: 0 }</style><main>
      <p><button style="width:16px;height:16px;padding:0">a</button><button style="width:16px;height:16px;padding:0">b</button></p>
      <p style="margin:80px"><button style="width:16px;height:16px;padding:0">c</button></p>
      <p>Read <a href="#terms">the terms</a> first.</p>
      <div style="width:400px">wide</div>
    </main>`)
    expect((await overflow(probe)).by).toBe(80)
    expect(await smallTargets(probe)).toEqual(['button "a" 16×16', 'button "b" 16×16'])
  })
})

describe('accessibility of every screen', () => {
  for (const language of LANGUAGES) {
    test(`what a visitor sees, in ${language}: home, cart, sign-in, the sign-up steps, the sandbox sign-in page and the legal pages`, {
      timeout: 120_000,
    }, async () => {
      await open('/')
      await chooseLanguage(language)
      if (!cartFilled) {
        cartFilled = true
        for (const n of [0, 1])
          await page
            .getByRole('main')
            .getByRole('button', { name: say(language, 'add to cart') })
            .nth(n)
            .click()
        await page
          .getByRole('banner')
          .getByRole('link', { name: /^Cart, 2 items$/ })
          .waitFor()
      }
      await check('home', language)
      await open('/cart')
      await page
        .getByRole('region', { name: say(language, 'Cart lines') })
        .getByRole('listitem')
        .nth(1)
        .waitFor()
      await check('cart', language)
      await open('/login')
      await check('login', language)
      await open('/signup')
      await check('signup: personal details', language)
      const person = {
        'First name': 'Thandi',
        'Last name': 'Nkosi',
        'ID number': '9001015009086',
        Email: 'thandi.a11y@example.co.za',
        Password: 'Secret#123',
        'Phone number': '0211234567',
      }
      for (const [label, value] of Object.entries(person)) await page.getByLabel(say(language, label), { exact: true }).fill(value)
      await page.getByRole('button', { name: say(language, 'Next'), exact: true }).click()
      await page.getByLabel(say(language, 'Street number'), { exact: true }).waitFor()
      await check('signup: address', language)
      await open('/login')
      await page.getByRole('link', { name: say(language, 'Sign in with {0}').replace('{0}', 'Google') }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/identity/'))
      await h1().waitFor()
      await check('sandbox: identity', language)
      await open(`/sign_in_removal?token=${'A'.repeat(43)}`)
      await check('sign-in removal link', language)
      // The legal pages every footer links: the operator's text, rendered by the server.
      for (const legal of LEGAL_PAGES) {
        await open(legalPath(legal))
        await check(`legal: ${legal}`, language)
      }
      expectNothingFound()
    })
  }

  for (const language of LANGUAGES) {
    test(`what a customer sees, in ${language}: checkout, payment, orders, the portal and its dialogs, the sandbox pages`, { timeout: 180_000 }, async () => {
      if (!signedIn) {
        signedIn = true
        await open('/login')
        await chooseLanguage('en')
        await logIn(page, customer.email, password)
        await page.waitForURL((url) => url.pathname === '/profile')
      }
      await open('/profile')
      await chooseLanguage(language)
      await check('profile', language)
      await page.getByRole('button', { name: say(language, 'Update Profile'), exact: true }).click()
      await page
        .getByRole('button', { name: say(language, 'Save'), exact: true })
        .first()
        .waitFor()
      await check('profile: details and email change', language)
      await open('/profile')
      await page.getByRole('button', { name: say(language, 'Change password'), exact: true }).click()
      await page.getByRole('button', { name: say(language, 'Save new password'), exact: true }).waitFor()
      await check('profile: password change', language)
      await open('/profile')
      await page
        .getByRole('region', { name: say(language, 'Linked sign-ins') })
        .getByRole('button', { name: new RegExp(`^${say(language, 'Remove')} `) })
        .click()
      await page.getByRole('button', { name: say(language, 'Remove sign-in'), exact: true }).waitFor()
      await check('profile: remove a linked sign-in', language)
      // The Notifications section with notifications blocked for the site: its explanation of how to allow them again.
      const unblock = await blockNotifications()
      await open('/profile')
      await page
        .getByRole('region', { name: say(language, 'Notifications') })
        .getByText(
          say(
            language,
            "Notifications are blocked for this site. To allow them again, open your browser's site settings (the icon beside the address), allow notifications, then come back here.",
          ),
        )
        .waitFor()
      await check('profile: notifications blocked', language)
      await unblock()
      await open('/profile')
      await checkDialog('profile: delete account', language, say(language, 'Delete my account'))

      await open('/delivery_address')
      await check('checkout: delivery address', language)

      const order = await placeUnpaidOrder(page)
      await open(`/orders/${order.id}`)
      await check('order detail', language)
      await page.getByRole('link', { name: say(language, 'PAY FOR ORDER') }).click()
      await page.waitForURL((url) => url.pathname.startsWith(`/payment/${order.id}`))
      await page.getByRole('button', { name: say(language, 'Pay with Credit Card') }).waitFor()
      await check('payment', language)
      await page.getByRole('button', { name: say(language, 'Pay with Credit Card') }).click()
      const field = (id: string) => page.getByLabel(say(language, id, sandbox), { exact: true })
      await field('widget.cardNumber').waitFor()
      await check('payment widget', language)
      await field('widget.cardNumber').fill('4000000000000002')
      await field('widget.expiryDate').fill(`12/${String(new Date().getFullYear() + 3).slice(2)}`)
      await field('widget.holder').fill('Thandi Nkosi')
      await field('widget.cvv').fill('123')
      await page.getByRole('button', { name: say(language, 'widget.pay', sandbox) }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox/payments/'))
      await h1().waitFor()
      await check('sandbox: 3-D Secure', language)
      await page.getByRole('button', { name: say(language, 'secure.approve', sandbox) }).click()
      await page.waitForURL((url) => url.pathname.startsWith('/payment_status/'))
      await page.getByRole('heading', { level: 1, name: say(language, 'Payment Successful') }).waitFor({ timeout: 15_000 })
      await waitForApp(page)
      await check('payment result', language)
      // The paid order's SIM, on its way to activation: its life on the order page, "Your SIM" on its service page.
      await open(`/orders/${order.id}`)
      await page.locator('#order-sims-title').waitFor()
      await check('order detail: its SIM being prepared', language)
      await page.locator('a[href^="/service/"]').first().click()
      await page.locator('#sim-life-title').waitFor()
      await check('service: a SIM being prepared, what RICA asks for', language)
      await open(`/orders/${order.id}/invoice`)
      await check('tax invoice', language)
      await open('/orders')
      await check('orders', language)

      await open('/services')
      await check('services', language)
      await open(`/service/${customer.monthly}`)
      await page.locator('#service-title').waitFor()
      await check('service: monthly SIM with its chart', language)
      await checkDialog('service: rename', language, say(language, 'Update Sim Name'))
      await checkDialog('service: package change', language, say(language, 'Upgrade/Downgrade'))
      await checkDialog('service: cancel', language, say(language, 'Cancel Service'))
      await open(`/service/${customer.prepaid}`)
      await page.locator('#service-title').waitFor()
      await check('service: prepaid SIM with its gauges', language)
      await open(`/service/${customer.prepaid}/bundles`)
      await check('service: bundles', language)
      await open('/billing')
      await check('billing', language)
      await open('/support')
      await page.getByText('It arrives tomorrow before noon.').waitFor()
      await check('support', language)

      await page.goto(`/sandbox/mail?address=${encodeURIComponent(customer.email)}`)
      await h1().waitFor()
      await check('sandbox: mailbox', language)
      expectNothingFound()
    })
  }
})

/**
 * The staff app (/staff), in its own language (its header's selector): each area of the back office adds its screens
 * here. A member's session is made in the database (the passkey ceremonies have their own e2e tests).
 */
describe('accessibility of the staff app', () => {
  let owner: { staffId: number; email: string; cookie: string } | undefined
  let member: { staffId: number; name: string } | undefined
  let fulfilled: string | undefined

  /**
   * An order with a SIM to dispatch and (when it has two) one on its way, for fulfilment's forms: the order with the
   * most SIMs, its first SIM set back to being prepared and its last on its way.
   */
  async function orderToFulfil(db: RunningServer['db']): Promise<string> {
    const [order] = await db.query<{ id: number; order_number: string }>(
      'select o.id, o.order_number from orders o join services s on s.order_id = o.id group by o.id order by count(*) desc, o.id limit 1',
    )
    if (!order) throw new Error('no order with a SIM to fulfil')
    await db.query(`update services set life = 'preparing', life_position = 0, iccid = null where id = (select min(id) from services where order_id = $1)`, [
      order.id,
    ])
    await db.query(
      `update services set life = 'on_its_way', life_position = 11, courier = 'Sandbox Courier', tracking_reference = 'SBX0001'
       where id = (select max(id) from services where order_id = $1) and id <> (select min(id) from services where order_id = $1)`,
      [order.id],
    )
    return order.order_number
  }

  let conversation: number | undefined

  /** A message to the support team, sent as the Contact Us form sends it: its conversation's id. */
  async function supportMessage(running: RunningServer): Promise<number> {
    const id = crypto.randomUUID()
    const init = call(
      'POST',
      { id, message: { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'My SIM has no signal since Monday.' } },
      { key: API_KEY },
    )
    const res = await fetch(`${running.url}/api/support/messages`, { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': id } })
    if (res.status !== 201) throw new Error(`support message refused: ${res.status}`)
    const [row] = await running.db.query<{ id: number | string }>('select id from support_messages where idempotency_key = $1', [id])
    return Number(row?.id)
  }

  /** Opens a staff screen and waits for its heading. */
  async function openStaff(path: string): Promise<void> {
    await page.goto(path)
    await h1().waitFor()
    await page
      .locator('#staff-main')
      .getByRole('status')
      .waitFor({ state: 'detached' })
      .catch(() => undefined)
  }

  for (const language of LANGUAGES) {
    test(`what staff see, in ${language}: sign-in, home, team with the passkey check, audit log, orders and fulfilment's forms, customers, failed mails, conversations, refunds`, {
      timeout: 120_000,
    }, async () => {
      const say = (english: string) => {
        const text = staffText[language].get(english)
        if (text === undefined) throw new Error(`no ${language} staff text for ${english}`)
        return text
      }
      await context?.clearCookies({ name: 'staff_sid' })
      await openStaff('/staff/sign-in')
      await page.locator('#staff-language').selectOption(language)
      await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe(language)
      await expect.poll(() => h1().textContent()).toBe(say('Sign in to the back office'))
      await check('staff: sign-in', language)

      if (!server) throw new Error('no server')
      owner ??= await staffSession(server.db, 'owner')
      if (!member) {
        const made = await staffSession(server.db, 'support')
        member = { staffId: made.staffId, name: 'Test support' }
        // A row for the audit log to show: the support member's role as an owner changed it.
        const actor = { staffId: owner.staffId, actor: owner.email, clientAddress: '127.0.0.1' }
        await server.db.transaction((tx) =>
          audit(tx, actor, { action: 'staff.role', targetType: 'staff', targetId: made.staffId, summary: { from: 'finance', to: 'support' } }),
        )
      }
      const [name, value] = owner.cookie.split('=') as [string, string]
      await context?.addCookies([{ name, value, url: `${server.url}/api/staff` }])
      await openStaff('/staff')
      await check('staff: home', language)
      await openStaff('/staff/team')
      await page.getByRole('rowheader', { name: member.name, exact: true }).waitFor()
      await check('staff: team', language)
      // A role change asks for a fresh passkey check: the dialog that explains it.
      await server.db.query('update staff_sessions set stepped_up_at = null where staff_id = $1', [owner.staffId])
      await page.getByLabel(say('Role of {0}').replace('{0}', member.name)).selectOption('finance')
      await page.getByRole('button', { name: say('Change role: {0}').replace('{0}', member.name), exact: true }).click()
      await page.getByRole('dialog').waitFor()
      await check('staff: passkey check', language)
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
      await openStaff('/staff/audit')
      await page.getByRole('table').waitFor()
      await check('staff: audit log', language)
      await openStaff('/staff/orders')
      await page.getByRole('table').waitFor()
      await check('staff: orders', language)
      fulfilled ??= await orderToFulfil(server.db)
      await openStaff(`/staff/orders/${fulfilled}`)
      const dispatch = page.getByRole('form', { name: say('Dispatch') })
      await dispatch.waitFor()
      await check('staff: order, with the dispatch and delivery forms', language)
      // Sent empty: each field says what it needs, in the member's language.
      await dispatch.getByRole('button', { name: say('Record dispatch') }).click()
      await dispatch.getByText(say('Enter the courier.')).waitFor()
      await check('staff: order, a dispatch to correct', language)

      // Support's screens: a customer found and opened, a failed mail, a conversation; finance's refunds queue.
      await openStaff(`/staff/customers?q=${encodeURIComponent('demo@storefront.co.za')}`)
      await page.getByRole('table').waitFor()
      await check('staff: customers, a search', language)
      await page.getByRole('table').getByRole('link').first().click()
      await page.getByRole('heading', { level: 2, name: say('Consents and records') }).waitFor()
      await check("staff: a customer's page", language)
      await server.db.query(
        `insert into mail_outbox (recipient, language, template, subject, text, html, attempts, last_error, failed_at)
         values ('bounced@example.co.za', 'en', 'orderReceipt', 'Your receipt', 'text', '<p>html</p>', 8, '550 5.1.1 mailbox unavailable', now())`,
      )
      await openStaff('/staff/mails')
      await page.getByRole('table').waitFor()
      await check('staff: failed mails', language)
      conversation ??= await supportMessage(server)
      await openStaff('/staff/messages')
      await page.getByRole('table').waitFor()
      await check('staff: conversations', language)
      await openStaff(`/staff/messages/${conversation}`)
      await check('staff: a conversation with the reply form', language)
      await openStaff('/staff/payments')
      await check('staff: refunds owed', language)
      expectNothingFound()
    })
  }
})
