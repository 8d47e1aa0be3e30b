/**
 * Browser helpers for the e2e tests: Debian's Chromium through playwright-core, one browser per test file,
 * a fresh context (so a fresh IndexedDB) per test at a phone viewport, and screenshots under
 * test-results/screenshots/ (git-ignored).
 */
import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core'

export const MOBILE = { width: 360, height: 740 } as const
export const DESKTOP = { width: 1280, height: 800 } as const

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
]

const screenshotDir = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url))

export function baseUrl(): string {
  return inject('baseUrl')
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromePath'), args: CHROMIUM_ARGS })
}

// Every document reports a blocked load through the console, before its own scripts run; CDP evaluates
// this init script, so the page's own policy cannot block it.
const cspMark = '[csp-violation]'
const reportViolations = `addEventListener('securitypolicyviolation', (e) => console.error(${JSON.stringify(cspMark)} + ' ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' in ' + e.documentURI))`
// Chromium's own report reads "Refused to … because it violates the following Content Security Policy directive".
const isCspReport = (text: string) => text.startsWith(cspMark) || text.includes('Content Security Policy')
// The violations of the running test file; useBrowser fails a test that leaves any here.
let cspViolations: string[] | undefined

export interface ContextOptions {
  viewport?: { width: number; height: number }
  /** A server of the test's own (one whose database it reads); the e2e setup's server otherwise. */
  baseURL?: string
}

/** A fresh context: its own IndexedDB, local storage and service worker. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const viewport = options.viewport ?? MOBILE
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    viewport,
    deviceScaleFactor: 1,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    locale: 'en-ZA',
    timezoneId: 'Africa/Johannesburg',
  })
  context.setDefaultTimeout(10_000)
  context.setDefaultNavigationTimeout(20_000)
  keepOfflineAcrossLoads(context)
  await context.addInitScript(reportViolations)
  // On the context, so pages a test opens itself (and popups) are watched too.
  context.on('console', (message) => {
    if (isCspReport(message.text())) cspViolations?.push(`${message.text()} (${message.location().url})`)
  })
  return context
}

/**
 * Debian's Chromium 150 does not carry Playwright's offline emulation (context.setOffline) into a document the
 * service worker served while offline: its navigator.onLine reads true and no 'offline' event comes, where a phone
 * without a network says offline. So while the context is offline, each new document of a page is told again,
 * over the page's own DevTools session (which reports 'offline' to the document as the network would).
 */
function keepOfflineAcrossLoads(context: BrowserContext): void {
  let offline = false
  const sessions = new Map<Page, Promise<CDPSession>>()
  const tell = async (page: Page, value: boolean) => {
    try {
      if (!sessions.has(page)) sessions.set(page, context.newCDPSession(page))
      const session = await sessions.get(page)!
      await session.send('Network.emulateNetworkConditions', { offline: value, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    } catch {
      // The page closed meanwhile.
    }
  }
  const setOffline = context.setOffline.bind(context)
  context.setOffline = async (value: boolean) => {
    offline = value
    await setOffline(value)
    // A page this emulation was set on must hear the change from the same session, or it stays offline.
    await Promise.all([...sessions.keys()].map((page) => tell(page, value)))
  }
  context.on('page', (page) => {
    page.on('domcontentloaded', () => {
      if (offline) void tell(page, true)
    })
    page.on('close', () => sessions.delete(page))
  })
}

/** Saves test-results/screenshots/<name>.png (the full page, or what the screen shows: a modal dialog) and returns its path. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(screenshotDir, { recursive: true })
  const path = `${screenshotDir}${name.replace(/[^\w.-]+/g, '-')}.png`
  // Under an open modal dialog the page is pinned: what the customer sees is the viewport. (A full-page capture
  // stretches the page behind the fixed backdrop, leaving the sticky header and part of the page uncovered mid-picture.)
  const modal = fullPage && (await page.locator('dialog:modal').count()) > 0
  await page.screenshot({ path, fullPage: fullPage && !modal, animations: 'disabled' })
  return path
}

/** Problems the page reported: uncaught errors and console errors; CSP violations (from any page) also in csp. */
export interface PageProblems {
  errors: string[]
  csp: string[]
}

export function watchProblems(page: Page, problems: PageProblems): void {
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(`console: ${message.text()}`)
  })
}

export interface Session {
  /** The browser of this test file. */
  browser: () => Browser
  /** The context of the current test (created on first use, closed after the test). */
  context: (options?: ContextOptions) => Promise<BrowserContext>
  /** A new page in the current test's context, watched for errors. */
  page: (options?: ContextOptions) => Promise<Page>
  problems: PageProblems
}

/**
 * Registers the hooks of a test file: one browser for the file, a fresh context per test, closed after it.
 * A failing test leaves a screenshot of every open page named failed-<test name>-<n>.png; a test that caused a
 * Content-Security-Policy violation in any page fails.
 */
export function useBrowser(): Session {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  const problems: PageProblems = { errors: [], csp: [] }
  cspViolations = problems.csp

  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  afterEach(async (ctx) => {
    if (context) {
      if (ctx.task.result?.state === 'fail') {
        const pages = context.pages()
        for (const [index, page] of pages.entries()) {
          const path = await screenshot(page, `failed-${ctx.task.name}-${index}`).catch(() => undefined)
          if (path) console.log(`[e2e] screenshot of the failure: ${path}`)
        }
        if (problems.errors.length) console.log(`[e2e] page problems:\n  ${problems.errors.join('\n  ')}`)
      }
      await context.close()
      context = undefined
    }
    problems.errors.length = 0
    // Any CSP violation fails the test; other console errors are for each test to judge.
    const violations = problems.csp.splice(0)
    expect(violations, 'Content-Security-Policy violations').toEqual([])
  })

  const getContext = async (options?: ContextOptions) => {
    if (!browser) throw new Error('useBrowser(): the browser is not launched yet (call it at the top of the file)')
    context ??= await newContext(browser, options)
    return context
  }
  return {
    browser: () => {
      if (!browser) throw new Error('useBrowser(): the browser is not launched yet')
      return browser
    },
    context: getContext,
    page: async (options) => {
      const page = await (await getContext(options)).newPage()
      watchProblems(page, problems)
      return page
    },
    problems,
  }
}

/** Parses a rand amount as the app shows it ("R1 299", "R99.50", "R299 p/m") into a number. */
export function parseRand(text: string): number {
  const match = /R\s*([\d\s\u00a0\u202f,]*\d(?:\.\d{1,2})?)/.exec(text)
  if (!match?.[1]) throw new Error(`no rand amount in ${JSON.stringify(text)}`)
  return Number(match[1].replace(/[\s\u00a0\u202f,]/g, ''))
}

/** Waits until every image in the locator has decoded with real pixels; returns their natural widths. */
export async function expectImagesLoaded(images: Locator): Promise<number[]> {
  const count = await images.count()
  expect(count, 'number of images').toBeGreaterThan(0)
  const widths: number[] = []
  for (let i = 0; i < count; i++) {
    const image = images.nth(i)
    await image.scrollIntoViewIfNeeded()
    const handle = await image.elementHandle()
    await image.page().waitForFunction((img) => img instanceof HTMLImageElement && img.complete, handle)
    const { naturalWidth, src } = await image.evaluate((img: HTMLImageElement) => ({ naturalWidth: img.naturalWidth, src: img.src }))
    expect(naturalWidth, `naturalWidth of ${src}`).toBeGreaterThan(0)
    widths.push(naturalWidth)
  }
  return widths
}

/** The page's horizontal overflow in CSS pixels (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}
