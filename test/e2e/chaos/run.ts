/**
 * One seed of the chaos test: a fresh customer in a fresh browser context runs a random script of intents, some
 * of them interrupted at a random moment; after every interruption the app restarts and the run checks what the
 * app shows and what the server holds against the model of what the UI confirmed (model.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Db } from '../../../server/db/types.ts'
import { MOBILE, screenshot } from '../browser.ts'
import { expectProfile, signUp } from '../accounts.ts'
import { productCards, readCards, waitForApp } from '../storefront.ts'
import {
  closeTab,
  fullLoad,
  goCart,
  goOrders,
  goSupport,
  htmlLang,
  languageSelect,
  probeSession,
  readCart,
  readMessages,
  readOrders,
  storedCart,
  storedOpenMessages,
  storedRows,
  storedWaitingOrders,
} from './app.ts'
import { add, language, login, logout, open, order, remove, rename, support, type Driver, type Intent, type IntentKind } from './intents.ts'
import { Model, type DeviceMessages, type DeviceOrders, type ObservedLine, type ServerMessage, type ServerOrder } from './model.ts'
import { Rng } from './random.ts'
import { arm, disarm, documentId, Signals } from './signals.ts'
import { settled, sleep, until } from './wait.ts'

export type InterruptionKind = 'reload' | 'navigate' | 'closeTab' | 'offline' | 'secondTab'
/** When it hits: while preparing, a random delay after the press, the moment the UI confirms, or a while after. */
export type Timing = 'prepare' | 'delay' | 'confirm' | 'after'

export interface Plan {
  kind: InterruptionKind
  timing: Timing
  /** ms: after the press ('delay'), into the preparation ('prepare') or after the confirmation ('after'). */
  delay: number
  /** Where a navigation or a new tab goes. */
  route: string
  /** Offline: how long the connection stays away before the restart, and whether the restart is made offline. */
  offlineFor: number
  restartOffline: boolean
}

export interface Stats {
  intents: Record<string, number>
  interruptions: Record<string, number>
  timings: Record<string, number>
  secondTab: Record<string, number>
  checks: number
  outcomes: { confirmed: number; maybeThere: number; maybeNotThere: number }
}

export const emptyStats = (): Stats => ({
  intents: {},
  interruptions: {},
  timings: {},
  secondTab: {},
  checks: 0,
  outcomes: { confirmed: 0, maybeThere: 0, maybeNotThere: 0 },
})

export interface Env {
  browser: Browser
  url: string
  db: Db
  /** Distinguishes this run's tags from any other run against the same server. */
  runId: string
  stats: Stats
}

export class ChaosFailure extends Error {}

const STEP_LIMIT_MS = 150_000
const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1)
const ROUTES = ['/', '/cart', '/orders', '/support', '/profile', '/login']
const WORDS = ['my router', 'shows a red light', 'since this morning', 'please call me', 'about my SIM', 'the fibre line', 'moving house', 'on Friday']
const sameLines = (a: readonly ObservedLine[], b: readonly ObservedLine[]) => JSON.stringify(a) === JSON.stringify(b)

export class Run implements Driver {
  /** Three streams, so the intents picked do not shift when only a delay differs. */
  private readonly pick: Rng
  private readonly chaos: Rng
  private readonly timing: Rng
  readonly model = new Model()
  readonly signals = new Signals()
  context!: BrowserContext
  page!: Page
  step = 0
  interruptions = 0
  readonly script: string[] = []
  email = ''
  readonly password = 'Secret#123'
  customerId = 0
  offline = false
  /** The last point a step reached (see trace), named when a step hangs. */
  private phase = 'the start of the step'
  private products: string[] = []
  private readonly prices = new Map<string, number>()
  private tags = 0
  private addresses = 0
  private readonly problems: string[] = []
  private readonly pageErrors: string[] = []
  private readonly csp: string[] = []

  constructor(
    readonly seed: number,
    readonly quota: number,
    private readonly env: Env,
  ) {
    this.pick = new Rng(seed)
    this.chaos = new Rng(seed ^ 0x5bd1e995)
    this.timing = new Rng(seed ^ 0x2545f491)
  }

  // --- the script -----------------------------------------------------------------------------------------

  async run(): Promise<void> {
    try {
      await this.script_()
    } catch (error) {
      if (error instanceof ChaosFailure) throw error
      // A step that could not be done (a screen that never came, a press that timed out): app or test, the report says which step.
      const message = error instanceof Error ? error.message.split('\n').slice(0, 6).join(' / ') : String(error)
      await this.fail('a step', [`it could not be done: ${message}`])
    }
  }

  private async script_(): Promise<void> {
    await this.start()
    while (this.interruptions < this.quota) {
      if (this.step > this.quota * 10) throw new Error(`seed ${this.seed}: ${this.step} steps without reaching ${this.quota} interruptions`)
      this.step += 1
      const { intent, touches } = this.pickIntent()
      const plan = this.chaos.chance(0.7) ? this.pickPlan(intent) : null
      bump(this.env.stats.intents, intent.kind)
      this.log(`${intent.label}${plan ? `; interrupted: ${describePlan(plan)}` : ''}`)
      const begun = Date.now()
      this.phase = 'the start of the step'
      if (process.env.CHAOS_DEBUG) console.log(`[chaos debug] seed ${this.seed} step ${this.step} starts: ${this.script.at(-1)}`)
      if (plan) {
        this.interruptions += 1
        bump(this.env.stats.interruptions, plan.kind)
        bump(this.env.stats.timings, plan.kind === 'secondTab' ? 'second tab' : plan.timing)
      }
      await this.watchdog(!plan ? this.uninterrupted(intent) : plan.kind === 'secondTab' ? this.withSecondTab(intent, touches) : this.interrupted(intent, plan))
      if (process.env.CHAOS_DEBUG)
        console.log(`[chaos debug] seed ${this.seed} step ${this.step} ${intent.kind}${plan ? ` ${plan.kind}/${plan.timing}` : ''}: ${Date.now() - begun} ms`)
    }
    await this.finalCheck()
    if (this.csp.length) await this.fail('Content-Security-Policy violations', this.csp)
  }

  /** A step (intent, interruption, restart and check) that takes this long is stuck: fail with the script. */
  private async watchdog(step: Promise<void>): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stuck = new Promise<'stuck'>((resolve) => (timer = setTimeout(() => resolve('stuck'), STEP_LIMIT_MS)))
    const outcome = await Promise.race([step.then(() => 'done' as const), stuck]).finally(() => clearTimeout(timer))
    if (outcome === 'stuck') {
      step.catch(() => undefined)
      await this.fail('a step', [`it did not finish within ${STEP_LIMIT_MS / 1000} s (on ${this.page.url()}; last phase: ${this.phase})`])
    }
  }

  private pickIntent(): { intent: Intent; touches: string[] } {
    const r = this.pick
    const lines = this.model.certainLines().map((l) => l.product)
    const free = this.model.freeProducts(this.products)
    const signedIn = this.model.loggedIn.has(true)
    const kind = r.weighted<IntentKind>([
      ['add', free.length ? 2.5 + (lines.length < 2 ? 2 : 0) : 0],
      ['addEarly', free.length ? 1 : 0],
      ['rename', lines.length ? 1.5 : 0],
      ['remove', lines.length ? 1.2 : 0],
      ['clear', lines.length >= 2 ? 0.6 : 0],
      ['order', signedIn && lines.length ? 1.2 : 0],
      ['orderOffline', signedIn && lines.length ? 0.8 : 0],
      ['support', signedIn ? 0.7 : 0],
      ['supportOffline', signedIn ? 0.5 : 0],
      ['language', 0.7],
      ['login', signedIn ? 0 : 3],
      ['logout', signedIn ? 0.6 : 0],
    ])
    const page = this.page
    switch (kind) {
      case 'add':
      case 'addEarly': {
        const products = shuffled(r, free).slice(
          0,
          r.weighted([
            [1, 3],
            [2, 1],
            [3, 0.5],
          ] as const),
        )
        return { intent: add(this, page, products, kind === 'addEarly'), touches: products }
      }
      case 'rename': {
        const product = r.pick(lines)
        return { intent: rename(this, page, product, `n${this.step}`, r.chance(0.3)), touches: [product] }
      }
      case 'remove': {
        const product = r.pick(lines)
        return { intent: remove(this, page, [product]), touches: [product] }
      }
      case 'clear':
        return { intent: remove(this, page, lines, true), touches: lines }
      case 'order':
      case 'orderOffline':
        return { intent: order(this, page, kind === 'orderOffline', r.chance(0.25)), touches: lines }
      case 'support':
      case 'supportOffline':
        return { intent: support(this, page, kind === 'supportOffline', shuffled(r, WORDS).slice(0, 3).join(' '), r.chance(0.25)), touches: [] }
      case 'language':
        return { intent: language(this, page, r.pick(['af', 'xh'] as const)), touches: [] }
      case 'login':
        return { intent: login(this, page), touches: [] }
      case 'logout':
        return { intent: logout(this, page), touches: lines }
      case 'open':
        throw new Error('not a main intent')
    }
  }

  private pickPlan(intent: Intent): Plan {
    const r = this.chaos
    const offlineIntent = intent.kind === 'orderOffline' || intent.kind === 'supportOffline'
    const kind = r.weighted<InterruptionKind>([
      ['reload', 3],
      ['navigate', 3],
      ['closeTab', 2],
      ['offline', offlineIntent ? 0 : 2],
      ['secondTab', intent.kind === 'addEarly' ? 0 : 2],
    ])
    const timing = r.weighted<Timing>([
      ['prepare', intent.kind === 'addEarly' ? 0 : 1],
      ['delay', 4],
      ['confirm', 3],
      ['after', 2],
    ])
    const t = this.timing
    return {
      kind,
      timing,
      delay: timing === 'prepare' ? t.int(0, 800) : timing === 'delay' ? t.int(0, 400) : t.int(0, 500),
      route: t.pick(ROUTES),
      offlineFor: t.int(100, 1500),
      restartOffline: t.chance(0.5),
    }
  }

  // --- running an intent ----------------------------------------------------------------------------------

  private async uninterrupted(intent: Intent): Promise<void> {
    await intent.prepare()
    await intent.act()
    const confirmed = await until(() => intent.settle(), intent.timeout, 20)
    if (!confirmed) {
      if (intent.kind === 'addEarly') {
        // A tap on a page the app has not taken over may be lost without a word: a maybe, resolved by a check.
        this.log(`  (no "${intent.label}" confirmation: checking what the app kept)`)
        await this.check()
        return
      }
      await this.fail(`"${intent.label}" was not confirmed`, [`no confirmation within ${intent.timeout} ms, without any interruption`])
    }
    await intent.finish?.()
    await this.flushProblems()
  }

  private async interrupted(intent: Intent, plan: Plan): Promise<void> {
    if (plan.timing === 'prepare') {
      const preparing = intent.prepare()
      await settled(preparing, plan.delay)
      await this.perform(plan, false)
      // A preparation that outlived its page fails; one that finished before the interruption sent nothing.
      await settled(preparing, 15_000)
      await this.restartAndCheck()
      return
    }
    await intent.prepare()
    this.trace('prepared')
    const page = intent.page
    const pageId = this.signals.pageId(page)
    const inPage = plan.timing === 'confirm' && intent.trigger !== undefined && (plan.kind === 'reload' || plan.kind === 'navigate')
    if (inPage) await arm(page, { ...intent.trigger!, action: plan.kind === 'reload' ? 'reload' : `goto:${plan.route}` })
    const doc = await documentId(page)
    const before = this.signals.mark()
    const acting = intent.act()
    acting.catch(() => undefined)
    let triggered = false
    if (plan.timing === 'delay') {
      // An act that loads its page first presses only once the page is there: the delay counts from the press.
      if (intent.pressed) await Promise.race([intent.pressed, settled(acting, intent.timeout)])
      await sleep(plan.delay)
    } else if (plan.timing === 'confirm') {
      if (inPage) {
        triggered = (await this.signals.waitFor((s) => s.page === pageId && s.kind === 'trigger', before, intent.timeout)) !== null
        if (!triggered) await disarm(page)
      } else await until(() => intent.settle(), intent.timeout, 5)
    } else {
      await until(() => intent.settle(), intent.timeout, 20)
      await sleep(plan.delay)
    }
    const at = Date.now()
    this.trace(`interrupting (${plan.kind})`)
    await this.perform(plan, triggered, doc)
    this.trace('interrupted')
    await settled(acting, 15_000)
    intent.settle(at)
    await this.restartAndCheck()
  }

  /** The interruption itself; afterwards this.page is on a new document. */
  private async perform(plan: Plan, triggered: boolean, doc: string | null = null): Promise<void> {
    const page = this.page
    switch (plan.kind) {
      case 'reload':
      case 'navigate':
        if (triggered) {
          // The page interrupted itself; wait for its new document.
          const loaded = await until(async () => {
            const now = await documentId(page)
            return now !== null && now !== doc
          }, 20_000)
          if (!loaded) await this.fail('the page did not load again after it reloaded itself', [`still on ${page.url()}`])
          await page.waitForLoadState('domcontentloaded')
        } else if (plan.kind === 'reload') await this.load(page, null)
        else await this.load(page, plan.route)
        break
      case 'closeTab': {
        await closeTab(page)
        this.page = await this.openPage()
        await this.load(this.page, plan.route)
        break
      }
      case 'offline':
        await this.setOffline(true)
        await sleep(plan.offlineFor)
        if (!plan.restartOffline) await this.setOffline(false)
        await this.load(page, null)
        break
      case 'secondTab':
        throw new Error('second tabs run in withSecondTab')
    }
  }

  /** A full load of `path` (null: reload), as a customer's address bar or reload button makes it. */
  private async load(page: Page, path: string | null): Promise<void> {
    await fullLoad(page, path)
  }

  /** The main tab's intent and a second tab's, pressed at about the same time; the second tab closes at a random moment. */
  private async withSecondTab(intent: Intent, touches: string[]): Promise<void> {
    const r = this.chaos
    await intent.prepare()
    const second = await this.openPage()
    const other = this.pickSecond(intent, touches, second)
    if (other.alone !== undefined && intent.alone !== undefined) other.alone = intent.alone = false
    bump(this.env.stats.secondTab, other.kind)
    this.log(`  second tab: ${other.label}`)
    if (other.kind !== 'open') {
      await this.load(second, other.kind === 'add' ? '/' : other.kind === 'support' ? '/support' : '/cart')
      await waitForApp(second)
      await other.prepare()
    }
    this.trace('second tab prepared')
    const acting = intent.act()
    acting.catch(() => undefined)
    await sleep(this.timing.int(0, 100))
    const actingOther = other.act()
    actingOther.catch(() => undefined)
    // Two tabs sending support messages can confirm only a waiting one (intents.ts): wait a moment, not the whole timeout.
    const patience = (i: Intent) => (i.alone === false ? 3_000 : i.timeout)
    if (r.chance(0.5)) await sleep(this.timing.int(0, 400))
    else await until(() => other.settle(), patience(other), 20)
    const closedAt = Date.now()
    this.trace('closing the second tab')
    await closeTab(second)
    this.trace('second tab closed')
    if (r.chance(0.5)) await until(() => intent.settle(), patience(intent), 20)
    else await sleep(this.timing.int(0, 400))
    const at = Date.now()
    await this.load(this.page, null)
    this.trace('reloaded')
    await settled(acting, 15_000)
    await settled(actingOther, 15_000)
    this.trace('both settled')
    intent.settle(at)
    other.settle(closedAt)
    await this.restartAndCheck()
  }

  private pickSecond(main: Intent, touches: string[], page: Page): Intent {
    const r = this.chaos
    const lines = this.model
      .certainLines()
      .map((l) => l.product)
      .filter((p) => !touches.includes(p))
    const free = this.model.freeProducts(this.products).filter((p) => !touches.includes(p))
    const signedIn = this.model.loggedIn.has(true)
    const cartMain = ['add', 'rename', 'remove', 'clear'].includes(main.kind)
    const supportMain = main.kind === 'support' || main.kind === 'supportOffline'
    const orderMain = main.kind === 'order' || main.kind === 'orderOffline'
    const kind = r.weighted<IntentKind>([
      ['add', cartMain && free.length ? 3 : 0],
      ['rename', cartMain && lines.length ? 2 : 0],
      ['remove', cartMain && lines.length ? 1 : 0],
      ['support', signedIn && (supportMain || orderMain) ? 2 : 0],
      ['open', 1],
    ])
    switch (kind) {
      case 'add':
        return add(this, page, [r.pick(free)])
      case 'rename':
        return rename(this, page, r.pick(lines), `t${this.step}`, r.chance(0.5))
      case 'remove':
        return remove(this, page, [r.pick(lines)])
      case 'support':
        return support(this, page, false, 'from the other tab', false)
      default:
        return open(page, r.pick(signedIn ? ['/', '/cart', '/orders', '/support'] : ['/', '/cart']))
    }
  }

  // --- restarting and checking ----------------------------------------------------------------------------

  private async restartAndCheck(): Promise<void> {
    await this.check()
    if (this.offline) {
      await this.setOffline(false)
      this.log('  back online')
      await this.check()
    }
  }

  /** The app after a restart against the model: language, session, cart, then orders and messages (device and server). */
  async check(options: { final?: boolean } = {}): Promise<void> {
    this.env.stats.checks += 1
    const page = this.page
    await waitForApp(page)
    this.trace('check: app runs')
    await this.observeLanguage(page)
    this.trace('check: language')
    // The session probe opens /support when signed in: its messages are read there and then.
    const signedIn = await probeSession(page)
    this.trace(`check: session ${signedIn}`)
    await this.expect('the session', this.model.checkSession(signedIn))
    if (signedIn) await this.observeMessages(page)
    this.trace('check: messages')
    await this.observeCart(page)
    this.trace('check: cart')
    const rows = await this.serverOrders()
    await this.expect("the server's orders", this.model.checkServerOrders(rows, options.final ?? false))
    this.model.resolveServerOrders(rows)
    const messages = await this.serverMessages()
    await this.expect("the server's support messages", this.model.checkServerMessages(messages, options.final ?? false))
    this.model.resolveServerMessages(messages)
    // The orders screen costs a second (its guard's spinner stays at least 500 ms): only once there are orders.
    this.trace('check: server')
    if (signedIn && (this.model.orders.length > 0 || options.final)) await this.observeOrders(page)
    this.trace('check: orders')
    await this.expect('the cart after its orders', this.model.checkCartClearedAfterOrders())
    await this.flushProblems()
  }

  private async observeLanguage(page: Page): Promise<void> {
    let seen = { lang: '', select: '', busy: '', stored: null as string | null }
    const agreed = await until(
      async () => {
        const select = languageSelect(page)
        seen = {
          lang: await htmlLang(page),
          select: await select.inputValue(),
          busy: (await select.getAttribute('aria-busy')) ?? '',
          stored: await storedLanguage(page),
        }
        return seen.lang === seen.select && seen.busy !== 'true' && (seen.stored === null || seen.stored === seen.lang)
      },
      10_000,
      100,
    )
    if (!agreed)
      await this.fail('the language', [
        `the page is in ${seen.lang}, its selector shows ${seen.select} (busy: ${seen.busy}), the device's last choice is ${seen.stored}`,
      ])
    await this.expect('the language', this.model.checkLanguage(seen.lang))
    if (seen.lang === 'en') return
    this.log(`  back to English from ${seen.lang}`)
    this.model.languageStarted('en')
    await languageSelect(page).selectOption('en')
    if (!(await until(async () => (await htmlLang(page)) === 'en', 15_000))) await this.fail('the language', ['switching back to English was not confirmed'])
    this.model.languageConfirmed('en')
  }

  /** Driver: the cart screen once it shows what the device holds, against the model. */
  async observeCart(page: Page): Promise<ObservedLine[]> {
    await goCart(page)
    let shown: { lines: ObservedLine[]; total: number } = { lines: [], total: 0 }
    let stored: ObservedLine[] = []
    const agreed = await until(
      async () => {
        stored = await storedCart(page)
        shown = await readCart(page)
        return sameLines(stored, shown.lines)
      },
      10_000,
      100,
    )
    if (!agreed) await this.fail('the cart', [`the cart screen shows ${JSON.stringify(shown.lines)}; the device holds ${JSON.stringify(stored)}`])
    const problems = this.model.checkCart(shown.lines)
    const sum = shown.lines.reduce((total, l) => total + (this.prices.get(l.product) ?? NaN), 0)
    if (Math.abs(sum - shown.total) > 0.001) problems.push(`the cart's total shows R${shown.total}; its lines add up to R${sum}`)
    await this.expect('the cart', problems)
    return shown.lines
  }

  private async observeOrders(page: Page): Promise<void> {
    await goOrders(page)
    let last: { device: DeviceOrders; rows: ServerOrder[]; problems: string[] } = {
      device: { waiting: [], rejected: 0, numbers: [], older: 0 },
      rows: [],
      problems: [],
    }
    const agreed = await until(
      async () => {
        const rows = await this.serverOrders()
        const stored = await storedWaitingOrders(page, this.customerId)
        const device = await readOrders(page)
        const problems =
          device.waiting.length !== stored.length
            ? [`the orders screen shows ${device.waiting.length} waiting order(s); the device holds ${stored.length}`]
            : this.model.checkDeviceOrders(device, rows, !this.offline)
        last = { device, rows, problems }
        return problems.length === 0
      },
      15_000,
      200,
    )
    if (!agreed) await this.fail('the orders screen', last.problems)
    await this.expect("the server's orders", this.model.checkServerOrders(last.rows, false))
    this.model.resolveServerOrders(last.rows)
    this.model.resolveDeviceOrders(last.device, last.rows)
  }

  private async observeMessages(page: Page): Promise<void> {
    await goSupport(page)
    let last: { device: DeviceMessages; rows: ServerMessage[]; problems: string[] } = { device: { open: [], rejected: 0 }, rows: [], problems: [] }
    const agreed = await until(
      async () => {
        const rows = await this.serverMessages()
        const stored = await storedOpenMessages(page, this.customerId)
        const device = await readMessages(page, TAG)
        const problems =
          device.open.length !== stored
            ? [`the support page shows ${device.open.length} message(s) still to be sent; the device holds ${stored}`]
            : this.model.checkDeviceMessages(device, rows)
        last = { device, rows, problems }
        return problems.length === 0
      },
      15_000,
      200,
    )
    if (!agreed) await this.fail('the support page', last.problems)
    await this.expect("the server's support messages", this.model.checkServerMessages(last.rows, false))
    this.model.resolveServerMessages(last.rows)
    this.model.resolveDeviceMessages(last.device, last.rows)
  }

  /** The end of a seed: online, signed in, the queues given their time; then everything confirmed must be on the server. */
  private async finalCheck(): Promise<void> {
    this.step += 1
    this.log('final check: back online, signed in, queues drained')
    if (this.offline) await this.setOffline(false)
    await waitForApp(this.page)
    await this.observeLanguage(this.page)
    const signedIn = await probeSession(this.page)
    await this.expect('the session', this.model.checkSession(signedIn))
    if (!signedIn) await this.uninterrupted(login(this, this.page))
    await until(
      async () => {
        const rows = await this.serverOrders()
        const messages = await this.serverMessages()
        return (
          this.model.orders.every((o) => o.state !== 'queued' || rows.some((r) => r.tag === o.tag)) &&
          this.model.messages.every((m) => m.state !== 'queued' || messages.some((r) => r.tag === m.tag))
        )
      },
      30_000,
      250,
    )
    await this.check({ final: true })
  }

  // --- the server's side ----------------------------------------------------------------------------------

  async serverOrders(): Promise<ServerOrder[]> {
    const rows = await this.env.db.query<{ id: number; number: string; tag: string | null; lines: string[] | null }>(
      `select o.id, o.order_number as number, o.delivery_address->>'building_name' as tag,
              array_agg(l.name order by l.number) filter (where l.name is not null) as lines
       from orders o left join order_lines l on l.order_id = o.id
       where o.customer_id = $1 group by o.id order by o.id`,
      [this.customerId],
    )
    return rows.map((r) => ({ id: Number(r.id), number: r.number, tag: r.tag, lines: r.lines ?? [] }))
  }

  async serverMessages(): Promise<ServerMessage[]> {
    const rows = await this.env.db.query<{ reference: string; message: string }>(
      'select reference, message from support_messages where message like $1 order by id',
      [`%[c${this.env.runId}-${this.seed}-m%`],
    )
    return rows.map((r) => ({ reference: r.reference, tag: TAG.exec(r.message)?.[0] ?? null }))
  }

  // --- Driver ---------------------------------------------------------------------------------------------

  tag(kind: 'o' | 'm'): string {
    this.tags += 1
    return `c${this.env.runId}-${this.seed}-${kind}${this.tags}`
  }

  /**
   * The server allows 5 new support messages per client address in 10 minutes; every message of the run would
   * come from 127.0.0.1. The test's server trusts X-Forwarded-For, so each message gets its own address.
   */
  async freshAddress(): Promise<void> {
    this.addresses += 1
    const a = this.addresses
    await this.context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${this.seed % 250}.${(a >> 8) & 255}.${a & 255}` })
  }

  async setOffline(offline: boolean): Promise<void> {
    await this.context.setOffline(offline)
    this.offline = offline
    await this.page.waitForFunction((off) => navigator.onLine === !off, offline, { timeout: 5_000 }).catch(() => undefined)
  }

  problem(text: string): void {
    this.problems.push(text)
  }

  // --- pages, logging, failing ----------------------------------------------------------------------------

  async start(): Promise<void> {
    this.context = await this.env.browser.newContext({
      baseURL: this.env.url,
      viewport: MOBILE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'en-ZA',
      timezoneId: 'Africa/Johannesburg',
    })
    this.context.setDefaultTimeout(10_000)
    this.context.setDefaultNavigationTimeout(20_000)
    this.context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) this.csp.push(`${message.text()} (${message.location().url})`)
    })
    await this.signals.install(this.context)
    this.page = await this.openPage()
    await fullLoad(this.page, '/')
    await productCards(this.page).first().waitFor()
    await waitForApp(this.page)
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
    for (const card of await readCards(this.page)) {
      this.products.push(card.name)
      this.prices.set(card.name, card.price)
    }
    this.email = `chaos.${this.env.runId}.${this.seed}@example.co.za`
    this.log(`sign up as ${this.email}`)
    await signUp(this.page, this.email)
    await expectProfile(this.page)
    const [customer] = await this.env.db.query<{ id: number }>('select id from customers where email = $1', [this.email])
    if (!customer) throw new Error(`no customer ${this.email} on the server after signing up`)
    this.customerId = Number(customer.id)
  }

  private async openPage(): Promise<Page> {
    const page = await this.context.newPage()
    const id = this.signals.pageId(page)
    page.on('pageerror', (error) => this.pageErrors.push(`tab ${id}: ${error.message}`))
    return page
  }

  async close(): Promise<void> {
    this.signals.cancelAll()
    await this.context?.close().catch(() => undefined)
  }

  /** With CHAOS_DEBUG: where a step is, for a replay that hangs. */
  private trace(text: string): void {
    this.phase = `${text} at ${new Date().toISOString().slice(11, 23)}`
    if (process.env.CHAOS_DEBUG) console.log(`[chaos debug] seed ${this.seed} step ${this.step}: ${text} at ${new Date().toISOString().slice(11, 23)}`)
  }

  private log(text: string): void {
    this.script.push(`${String(this.step).padStart(3)}. ${text}`)
  }

  private async expect(what: string, problems: string[]): Promise<void> {
    if (problems.length) await this.fail(what, problems)
  }

  private async flushProblems(): Promise<void> {
    if (this.problems.length) await this.fail('the app refused an intent', this.problems.splice(0))
  }

  /** Fails the seed with everything needed to replay it. */
  async fail(what: string, problems: string[]): Promise<never> {
    const shots: string[] = []
    for (const [index, page] of this.context.pages().entries()) {
      const path = await screenshot(page, `chaos-seed-${this.seed}-step-${this.step}-${index}`).catch(() => null)
      if (path) shots.push(path)
    }
    const message = [
      `chaos seed ${this.seed}, step ${this.step}: ${what} is wrong`,
      ...problems.map((p) => `  - ${p}`),
      `Replay: CHAOS_SEED=${this.seed} CHAOS_PER_SEED=${this.quota} npx vitest run --project e2e test/e2e/chaos.test.ts`,
      'Script so far:',
      ...this.script.map((s) => `  ${s}`),
      'Model (what the UI confirmed; "or" marks maybes):',
      this.model.describe(),
      ...(this.pageErrors.length ? ['Page errors:', ...this.pageErrors.slice(-10).map((e) => `  ${e}`)] : []),
      ...(shots.length ? ['Screenshots:', ...shots.map((s) => `  ${s}`)] : []),
    ].join('\n')
    // Printed at once too: a long run reports its failures only at its end.
    console.log(message)
    throw new ChaosFailure(message)
  }

  /** Adds this run's maybe outcomes to the totals. */
  report(): void {
    const o = this.env.stats.outcomes
    o.confirmed += this.model.outcomes.confirmed
    o.maybeThere += this.model.outcomes.maybeThere
    o.maybeNotThere += this.model.outcomes.maybeNotThere
  }
}

/** A support message's tag as the test writes it at the start of the text. */
const TAG = /\[c[a-z0-9]+-\d+-m\d+\]/

async function storedLanguage(page: Page): Promise<string | null> {
  const events = await storedRows<{ seq: number; type: string; payload: { language?: string } }>(page, 'events')
  const chosen = events.filter((e) => e.type === 'v1.LanguageChosen').sort((a, b) => a.seq - b.seq)
  return chosen.at(-1)?.payload.language ?? null
}

function shuffled<T>(r: Rng, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

export function describePlan(plan: Plan): string {
  const when =
    plan.timing === 'prepare'
      ? `${plan.delay} ms into preparing`
      : plan.timing === 'delay'
        ? `${plan.delay} ms after the press`
        : plan.timing === 'confirm'
          ? 'the moment it is confirmed'
          : `${plan.delay} ms after it is confirmed`
  switch (plan.kind) {
    case 'reload':
      return `reload ${when}`
    case 'navigate':
      return `open ${plan.route} by URL ${when}`
    case 'closeTab':
      return `close the tab ${when}, open ${plan.route} in a new one`
    case 'offline':
      return `offline ${when} for ${plan.offlineFor} ms, restart ${plan.restartOffline ? 'offline' : 'online'}`
    case 'secondTab':
      return 'a second tab acts at the same time'
  }
}
