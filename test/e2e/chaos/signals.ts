/**
 * What the pages showed, as it happened: an init script in every page of the context watches the DOM and reports
 * each confirmation the customer could read (a toast, the route, a support message's status, the cart's lines, the
 * page's language) to the test through a binding, with the tab it came from. The test decides from these reports
 * whether an intent was confirmed before an interruption hit, so a confirmation counts even if the page died a
 * millisecond later.
 *
 * The same script can be armed to interrupt at the very moment a confirmation appears (reload or navigate from
 * inside the page, with no round trip to the test): the harshest timing a customer's own reload could have.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { within } from './wait.ts'

export type SignalKind = 'doc' | 'path' | 'toast' | 'support' | 'cart' | 'lang' | 'trigger'

export interface Signal {
  seq: number
  page: number
  kind: SignalKind
  text: string
  at: number
}

/** Arms the page to interrupt itself when a signal of `kind` whose text matches `match` appears. */
export interface Arm {
  kind: SignalKind
  match: string
  /** 'reload', 'goto:/path', or 'notify' (only report; the test acts). */
  action: string
}

// Runs in every document of the context before the app's scripts (top frame only).
const inPage = `(() => {
  if (window.top !== window) return
  const docId = Math.random().toString(36).slice(2)
  window.__chaosDoc = docId
  const report = (kind, text) => {
    try { window.__chaosReport(kind, text) } catch {}
    const arm = window.__chaosArm
    if (arm && arm.kind === kind && new RegExp(arm.match).test(text)) {
      window.__chaosArm = undefined
      try { window.__chaosReport('trigger', arm.action + ' on ' + kind + ': ' + text) } catch {}
      if (arm.action === 'reload') location.reload()
      else if (arm.action.startsWith('goto:')) location.assign(arm.action.slice(5))
    }
  }
  report('doc', docId)
  let path = location.pathname
  let lang = null
  let cart = null
  const toasts = new WeakSet()
  const items = new WeakMap()
  const itemText = new WeakMap()
  let nextItem = 1
  const scan = () => {
    if (location.pathname !== path) { path = location.pathname; report('path', path) }
    const html = document.documentElement
    if (html && html.lang !== lang) { lang = html.lang; report('lang', lang) }
    for (const el of document.querySelectorAll('[role=status] > *, [role=alert] > *')) {
      // A toast: an item of a live region (status or alert) with its own Dismiss button.
      if (toasts.has(el) || !el.querySelector(':scope > button[aria-label]')) continue
      toasts.add(el)
      report('toast', (el.firstElementChild && el.firstElementChild.textContent) || el.textContent || '')
    }
    let index = 0
    for (const li of document.querySelectorAll('#support-status li')) {
      if (!items.has(li)) items.set(li, nextItem++)
      // Item id (per document), place in the list (newest first), state, text.
      const text = index++ + '|' + (li.getAttribute('data-state') || '') + '|' + (li.textContent || '')
      if (itemText.get(li) !== text) { itemText.set(li, text); report('support', items.get(li) + '|' + text) }
    }
    const region = document.querySelector('[aria-label="Cart lines"]')
    if (region) {
      const names = [...region.querySelectorAll('li button[aria-label^="Remove "]')].map((b) => b.getAttribute('aria-label').slice(7))
      const now = JSON.stringify(names)
      if (now !== cart) { cart = now; report('cart', now) }
    } else cart = null
  }
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang', 'data-state', 'aria-label'] })
  addEventListener('popstate', scan)
})()`

type Waiter = { test: (s: Signal) => boolean; resolve: (s: Signal | null) => void; timer: ReturnType<typeof setTimeout> }

export class Signals {
  readonly list: Signal[] = []
  private readonly ids = new WeakMap<Page, number>()
  private nextPage = 1
  private waiters = new Set<Waiter>()

  /** Installs the reporting in every page of the context (call before opening pages). */
  async install(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__chaosReport', (source, kind: SignalKind, text: string) => this.push(source.page, kind, String(text)))
    await context.addInitScript(inPage)
  }

  pageId(page: Page): number {
    let id = this.ids.get(page)
    if (id === undefined) {
      id = this.nextPage++
      this.ids.set(page, id)
    }
    return id
  }

  /** The sequence number the next signal will get: waits and searches "since" a mark see only what came after. */
  mark(): number {
    return this.list.length
  }

  private push(page: Page, kind: SignalKind, text: string): void {
    const signal: Signal = { seq: this.list.length, page: this.pageId(page), kind, text, at: Date.now() }
    this.list.push(signal)
    for (const waiter of [...this.waiters]) {
      if (!waiter.test(signal)) continue
      clearTimeout(waiter.timer)
      this.waiters.delete(waiter)
      waiter.resolve(signal)
    }
  }

  find(test: (s: Signal) => boolean, since = 0): Signal | undefined {
    for (let i = since; i < this.list.length; i++) if (test(this.list[i]!)) return this.list[i]
    return undefined
  }

  filter(test: (s: Signal) => boolean, since = 0): Signal[] {
    return this.list.slice(since).filter(test)
  }

  /** The first signal since `since` passing `test`, or null after `timeout` ms. */
  waitFor(test: (s: Signal) => boolean, since: number, timeout: number): Promise<Signal | null> {
    const found = this.find(test, since)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const waiter: Waiter = {
        test,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter)
          resolve(null)
        }, timeout),
      }
      this.waiters.add(waiter)
    })
  }

  /** Drops every pending wait (they resolve null), e.g. at the end of a seed. */
  cancelAll(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer)
      waiter.resolve(null)
    }
    this.waiters.clear()
  }
}

export async function arm(page: Page, armed: Arm): Promise<void> {
  await within(
    page.evaluate((a) => {
      ;(window as unknown as { __chaosArm?: unknown }).__chaosArm = a
    }, armed),
    5_000,
    'arming the page',
  )
}

export async function disarm(page: Page): Promise<void> {
  await within(
    page.evaluate(() => {
      ;(window as unknown as { __chaosArm?: unknown }).__chaosArm = undefined
    }),
    5_000,
    'disarming the page',
  ).catch(() => undefined)
}

/** The id the init script gave the page's current document (changes with every load), or null mid-navigation. */
export async function documentId(page: Page): Promise<string | null> {
  return within(
    page.evaluate(() => (window as unknown as { __chaosDoc?: string }).__chaosDoc ?? null),
    2_000,
    'reading the document id',
  ).catch(() => null)
}
