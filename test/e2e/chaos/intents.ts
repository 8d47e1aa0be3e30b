/**
 * The customer's intents, each in three parts so an interruption can hit between any two: prepare (go where it
 * happens, fill the form: nothing sent), act (the press that sends it; the model records it as "maybe" first) and
 * settle (what the pages reported so far confirms it, or not). Presses go to element handles taken while preparing,
 * so a press that comes after an interruption fails instead of landing on the restarted page.
 */
import type { ElementHandle, Page } from 'playwright-core'
import { waitForApp } from '../storefront.ts'
import { dismissToasts, fullLoad, goCart, goHome, goSupport, languageSelect, TEXT } from './app.ts'
import type { Model, ObservedLine } from './model.ts'
import type { Signal, Signals, SignalKind } from './signals.ts'

export type IntentKind =
  | 'add'
  | 'addEarly'
  | 'rename'
  | 'remove'
  | 'clear'
  | 'order'
  | 'orderOffline'
  | 'support'
  | 'supportOffline'
  | 'language'
  | 'login'
  | 'logout'
  | 'open'

/** What the intents need from the run. */
export interface Driver {
  readonly model: Model
  readonly signals: Signals
  readonly step: number
  readonly email: string
  readonly password: string
  /** Opens the cart, waits until it shows what the device holds, checks it against the model; returns its lines. */
  observeCart(page: Page): Promise<ObservedLine[]>
  setOffline(offline: boolean): Promise<void>
  /** A new client address for the server's per-address support limit (see chaos.test.ts). */
  freshAddress(): Promise<void>
  tag(kind: 'o' | 'm'): string
  /** A problem the app showed (a refusal the test never provokes); fails the run at the next check. */
  problem(text: string): void
}

export interface Intent {
  kind: IntentKind
  label: string
  page: Page
  prepare(): Promise<void>
  act(): Promise<void>
  /**
   * Applies what the page reported up to signal `upTo` (and, for a rename, time `asOf`) to the model; true once
   * everything the intent does is confirmed.
   */
  settle(asOf?: number, upTo?: number): boolean
  /** Interrupt "the moment it is confirmed" from inside the page on this signal (when one signal confirms it). */
  trigger?: { kind: SignalKind; match: string }
  /** After an uninterrupted run: put things back (online again, English again). */
  finish?(): Promise<void>
  /** How long a confirmation may take without interruption. */
  timeout: number
  /**
   * Resolves when act() presses, for an act that first loads its page (an early add): "N ms after the press" counts
   * from there, not from the start of that load, which an interruption would only cancel.
   */
  pressed?: Promise<void>
  /**
   * Support only: false while another tab sends a message too. Its page then lists the other tab's message as a new
   * item as well, so only a waiting item (which quotes its text) can tell which one is this intent's.
   */
  alone?: boolean
}

/**
 * CHAOS_CART_GRACE_MS (default 0, strict): a cart confirmation (the "added to cart" toast, a line gone from the list)
 * counts only once it has been on screen that long before the interruption. A diagnostic knob: with a known
 * "confirmed before it is written" defect, a few hundred ms let a run look past it for other defects.
 */
export const CART_GRACE_MS = Number(process.env.CHAOS_CART_GRACE_MS ?? 0)

// The input saves 400 ms after the last keystroke (src/features/cart/CartLineRow.tsx); a little more for the timer.
export const RENAME_CONFIRM_MS = 600

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function handle(locator: ReturnType<Page['getByRole']>): Promise<ElementHandle> {
  const found = await locator.elementHandle()
  if (!found) throw new Error(`no element for ${String(locator)}`)
  return found
}

/** Signals of one page since `since`, up to `upTo` and up to that page's next new document. */
function pageSignals(d: Driver, page: Page, since: number, upTo = Infinity): Signal[] {
  const id = d.signals.pageId(page)
  const out: Signal[] = []
  for (const s of d.signals.list.slice(since)) {
    if (s.seq >= upTo) break
    if (s.page !== id) continue
    if (s.kind === 'doc') break
    out.push(s)
  }
  return out
}

/** Presses "add to cart" on each product in quick succession; each toast confirms the next one, in order. */
export function add(d: Driver, page: Page, products: string[], early = false): Intent {
  const buttons: ElementHandle[] = []
  let mark = Number.MAX_SAFE_INTEGER
  let confirmed = 0
  const button = (p: string) => page.getByRole('button', { name: `add to cart: ${p}`, exact: true })
  let press = () => {}
  const pressed = new Promise<void>((resolve) => (press = resolve))
  return {
    kind: early ? 'addEarly' : 'add',
    ...(early ? { pressed } : {}),
    label: `add ${products.map((p) => JSON.stringify(p)).join(', ')}${early ? ' right after a full load of /' : ''}`,
    page,
    timeout: 10_000,
    // An early add loads its page in act(), which would drop an in-page trigger armed before it.
    ...(early ? {} : { trigger: { kind: 'toast' as const, match: `^${TEXT.added}$` } }),
    async prepare() {
      if (early) return
      await goHome(page)
      await waitForApp(page)
      for (const p of products) buttons.push(await handle(button(p)))
    },
    async act() {
      mark = d.signals.mark()
      for (const p of products) d.model.addStarted(p, d.step)
      if (early) {
        const before = d.signals.mark()
        await fullLoad(page, '/', 'commit')
        // What the page reports counts from its new document on.
        const id = d.signals.pageId(page)
        const doc = await d.signals.waitFor((s) => s.page === id && s.kind === 'doc', before, 5_000)
        if (doc) mark = doc.seq + 1
        for (const p of products) buttons.push(await handle(button(p)))
      }
      press()
      for (const b of buttons) await b.click()
    },
    settle(asOf = Date.now(), upTo) {
      const toasts = pageSignals(d, page, mark, upTo).filter((s) => s.kind === 'toast' && s.text === TEXT.added && s.at <= asOf - CART_GRACE_MS).length
      for (; confirmed < Math.min(toasts, products.length); confirmed++) d.model.addConfirmed(products[confirmed]!)
      return confirmed === products.length
    },
  }
}

/** Types a new friendly name into a line; confirmed once the input's debounce has passed (nothing else says so). */
export function rename(d: Driver, page: Page, product: string, name: string, blur: boolean): Intent {
  let box: ElementHandle | undefined
  let typedAt: number | null = null
  return {
    kind: 'rename',
    label: `rename "${product}" to ${JSON.stringify(name)}${blur ? ' and leave the field' : ''}`,
    page,
    timeout: 5_000,
    async prepare() {
      await goCart(page)
      box = await handle(page.getByRole('textbox', { name: `Friendly name for ${product}`, exact: true }))
    },
    async act() {
      d.model.renameStarted(product, name)
      await box!.fill(name)
      typedAt = Date.now()
      if (blur) await box!.press('Tab')
    },
    settle(asOf = Date.now()) {
      if (typedAt === null || asOf - typedAt < RENAME_CONFIRM_MS) return false
      d.model.renameConfirmed(product, name)
      return true
    },
  }
}

/** Presses the delete icon of each line in quick succession (all of them: "clear"); the list shows each one gone. */
export function remove(d: Driver, page: Page, products: string[], clear = false): Intent {
  const buttons: ElementHandle[] = []
  let mark = Number.MAX_SAFE_INTEGER
  const gone = new Set<string>()
  const none = products.map((p) => `(?!.*${escapeRegExp(JSON.stringify(p))})`).join('')
  return {
    kind: clear ? 'clear' : 'remove',
    label: clear
      ? `clear the cart (remove ${products.map((p) => JSON.stringify(p)).join(', ')})`
      : `remove ${products.map((p) => JSON.stringify(p)).join(', ')}`,
    page,
    timeout: 10_000,
    trigger: { kind: 'cart', match: `^${none}` },
    async prepare() {
      await goCart(page)
      for (const p of products) buttons.push(await handle(page.getByRole('button', { name: `Remove ${p}`, exact: true })))
    },
    async act() {
      mark = d.signals.mark()
      for (const p of products) d.model.removeStarted(p)
      for (const b of buttons) await b.click()
    },
    settle(asOf = Date.now(), upTo) {
      for (const s of pageSignals(d, page, mark, upTo)) {
        if (s.kind !== 'cart' || s.at > asOf - CART_GRACE_MS) continue
        const shown = JSON.parse(s.text) as string[]
        for (const p of products) if (!gone.has(p) && !shown.includes(p)) gone.add(p)
      }
      for (const p of gone) d.model.removeConfirmed(p)
      return gone.size === products.length
    },
  }
}

const ADDRESS = { 'Street number': '12', 'Street name': 'Long Street', 'City/Town': 'Cape Town', Province: 'Western Cape', 'Postal Code': '8001' }

/**
 * Fills the delivery address (its building name carries the order's tag) and presses "create order" (or taps it
 * twice, as an impatient thumb does: still one order).
 */
export function order(d: Driver, page: Page, offline: boolean, twice: boolean): Intent {
  const tag = d.tag('o')
  let lines: ObservedLine[] = []
  let button: ElementHandle | undefined
  let mark = Number.MAX_SAFE_INTEGER
  let placed: ReturnType<Model['orderStarted']> | undefined
  let done = false
  return {
    kind: offline ? 'orderOffline' : 'order',
    label: `place order ${tag}${offline ? ' offline' : ''}${twice ? ' (double tap)' : ''}`,
    page,
    timeout: 20_000,
    trigger: { kind: 'path', match: '^/orders(/\\d+)?$' },
    async prepare() {
      lines = await d.observeCart(page)
      if (lines.length === 0) throw new Error('order: the cart is empty')
      await page.getByRole('button', { name: 'proceed to order' }).click()
      await page.getByRole('heading', { level: 1, name: 'Delivery Address' }).waitFor()
      await page.getByLabel('Building name (optional)', { exact: true }).fill(tag)
      for (const [label, value] of Object.entries(ADDRESS)) await page.getByLabel(label, { exact: true }).fill(value)
      button = await handle(page.getByRole('button', { name: 'create order' }))
      if (offline) await d.setOffline(true)
    },
    async act() {
      mark = d.signals.mark()
      placed = d.model.orderStarted(
        tag,
        lines.map((l) => l.product),
        offline,
        d.step,
      )
      await (twice ? button!.dblclick() : button!.click())
    },
    settle(_asOf, upTo) {
      if (done || !placed) return done
      for (const s of pageSignals(d, page, mark, upTo)) {
        if (s.kind !== 'path') continue
        const sent = /^\/orders\/(\d+)$/.exec(s.text)
        if (sent) d.model.orderConfirmed(placed, Number(sent[1]))
        else if (s.text === '/orders') d.model.orderConfirmed(placed, null)
        else if (/^\/orders\/[0-9a-f-]{36}$/.test(s.text)) d.problem(`order ${tag} was refused: the app went to ${s.text}`)
        else continue
        done = true
        break
      }
      return done
    },
    async finish() {
      if (offline) await d.setOffline(false)
    },
  }
}

/** Writes a support message (its text starts with its tag) and presses Submit (once or twice); the page shows it sent or waiting. */
export function support(d: Driver, page: Page, offline: boolean, words: string, twice: boolean): Intent {
  const tag = `[${d.tag('m')}]`
  let button: ElementHandle | undefined
  let mark = Number.MAX_SAFE_INTEGER
  let known = new Set<string>()
  let message: ReturnType<Model['messageStarted']> | undefined
  let done = false
  const intent: Intent = {
    kind: offline ? 'supportOffline' : 'support',
    label: `send support message ${tag}${offline ? ' offline' : ''}${twice ? ' (double tap)' : ''}`,
    page,
    timeout: 15_000,
    trigger: { kind: 'support', match: '^\\d+\\|\\d+\\|(sent|pending)\\|' },
    alone: true,
    async prepare() {
      await d.freshAddress()
      await goSupport(page)
      await page.getByLabel('Message', { exact: true }).fill(`${tag} ${words}`)
      button = await handle(page.getByRole('button', { name: 'Submit' }))
      if (offline) await d.setOffline(true)
    },
    async act() {
      // Items the page listed before belong to earlier messages.
      const id = d.signals.pageId(page)
      let start = d.signals.mark()
      while (start > 0 && !(d.signals.list[start - 1]!.page === id && d.signals.list[start - 1]!.kind === 'doc')) start--
      known = new Set(
        pageSignals(d, page, start)
          .filter((s) => s.kind === 'support')
          .map((s) => s.text.split('|')[0]!),
      )
      mark = d.signals.mark()
      message = d.model.messageStarted(tag, offline, d.step)
      await (twice ? button!.dblclick() : button!.click())
    },
    settle(_asOf, upTo) {
      if (done || !message) return done
      for (const s of pageSignals(d, page, mark, upTo)) {
        if (s.kind !== 'support') continue
        const [item, index, state, ...rest] = s.text.split('|')
        if (known.has(item!)) continue
        const text = rest.join('|')
        if (state === 'sent') {
          // A new item at the top of the list is the message just sent, unless another tab sends one too.
          const reference = TEXT.thanks.exec(text)?.[1]
          if (!reference || index !== '0' || !intent.alone) continue
          d.model.messageConfirmed(message, reference)
        } else if (state === 'pending' && text.includes(tag)) d.model.messageConfirmed(message, null)
        else if (state === 'rejected') {
          d.problem(`support message ${tag} was refused: ${text}`)
          done = true
          break
        } else continue
        done = true
        break
      }
      return done
    },
    async finish() {
      if (offline) await d.setOffline(false)
    },
  }
  return intent
}

/** Picks a language in the header's selector; the page's language confirms it. Back to English afterwards. */
export function language(d: Driver, page: Page, code: 'af' | 'xh'): Intent {
  let select: ElementHandle | undefined
  let mark = Number.MAX_SAFE_INTEGER
  return {
    kind: 'language',
    label: `switch language to ${code}`,
    page,
    timeout: 15_000,
    trigger: { kind: 'lang', match: `^${code}$` },
    async prepare() {
      await waitForApp(page)
      select = await handle(languageSelect(page))
    },
    async act() {
      mark = d.signals.mark()
      d.model.languageStarted(code)
      await select!.selectOption(code)
    },
    settle(_asOf, upTo) {
      if (!pageSignals(d, page, mark, upTo).some((s) => s.kind === 'lang' && s.text === code)) return false
      d.model.languageConfirmed(code)
      return true
    },
    async finish() {
      const back = d.signals.mark()
      d.model.languageStarted('en')
      await languageSelect(page).selectOption('en')
      const seen = await d.signals.waitFor((s) => s.page === d.signals.pageId(page) && s.kind === 'lang' && s.text === 'en', back, 15_000)
      if (!seen) throw new Error('switching back to English was not confirmed')
      d.model.languageConfirmed('en')
    },
  }
}

/** Signs in with email and password from the header's login link. */
export function login(d: Driver, page: Page): Intent {
  let button: ElementHandle | undefined
  let mark = Number.MAX_SAFE_INTEGER
  return {
    kind: 'login',
    label: 'sign in',
    page,
    timeout: 15_000,
    trigger: { kind: 'toast', match: `^${escapeRegExp(TEXT.loggedIn)}$` },
    async prepare() {
      await waitForApp(page)
      await dismissToasts(page)
      await page.getByRole('banner').getByRole('link', { name: 'login', exact: true }).click()
      await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor()
      await page.getByLabel('Email', { exact: true }).fill(d.email)
      await page.getByLabel('Password', { exact: true }).fill(d.password)
      button = await handle(page.getByRole('button', { name: 'Sign in', exact: true }))
    },
    async act() {
      mark = d.signals.mark()
      d.model.loginStarted()
      await button!.click()
    },
    settle(_asOf, upTo) {
      if (!pageSignals(d, page, mark, upTo).some((s) => s.kind === 'toast' && s.text === TEXT.loggedIn)) return false
      d.model.loginConfirmed()
      return true
    },
  }
}

/** Logs out from the account menu (which also empties the cart). */
export function logout(d: Driver, page: Page): Intent {
  let button: ElementHandle | undefined
  let mark = Number.MAX_SAFE_INTEGER
  return {
    kind: 'logout',
    label: 'log out',
    page,
    timeout: 15_000,
    trigger: { kind: 'toast', match: `^${escapeRegExp(TEXT.loggedOut)}$` },
    async prepare() {
      await waitForApp(page)
      await dismissToasts(page)
      await page.getByRole('button', { name: 'Account menu' }).click()
      button = await handle(page.getByRole('menuitem', { name: 'Logout' }))
    },
    async act() {
      mark = d.signals.mark()
      d.model.logoutStarted()
      await button!.click()
    },
    settle(_asOf, upTo) {
      if (!pageSignals(d, page, mark, upTo).some((s) => s.kind === 'toast' && s.text === TEXT.loggedOut)) return false
      d.model.logoutConfirmed()
      return true
    },
  }
}

/** A tab that only opens a screen (its start drains the queues, races the other tab's writes) and does nothing. */
export function open(page: Page, path: string): Intent {
  return {
    kind: 'open',
    label: `open ${path}`,
    page,
    timeout: 10_000,
    async prepare() {},
    async act() {
      await fullLoad(page, path, 'load')
      await waitForApp(page)
    },
    settle: () => true,
  }
}
