import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'

/** One script a page loaded, by its path, with its size gzipped. */
export interface LoadedScript {
  path: string
  gzipBytes: number
  /** Requested before the page's first idle callback ran, not by the work it deferred until then. */
  beforeIdle: boolean
}

export interface FirstLoad {
  /** Every script, in the order they were requested. */
  scripts: LoadedScript[]
  beforeIdle: { files: number; gzipBytes: number }
  whole: { files: number; gzipBytes: number }
}

const total = (scripts: LoadedScript[]) => ({ files: scripts.length, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) })

/** How long nothing may be requested before the whole start counts as over. */
const QUIET_MS = 3000

const IDLE_MARK = 'bench-page-idle'

/** Marks the moment the page's first idle callback runs: where the work it deferred until the page is idle begins. */
function markFirstIdleCallback(mark: string) {
  const original = window.requestIdleCallback.bind(window)
  let marked = false
  window.requestIdleCallback = (callback, options) =>
    original((deadline) => {
      if (!marked) performance.mark(mark)
      marked = true
      callback(deadline)
    }, options)
}

/**
 * Every script Chromium requests for `url` on a phone-sized first visit, the worker's own script aside (what it
 * precaches is the worker's, not the page's): those requested before the page was first idle, when its first idle
 * callback runs the work it deferred (what the first-load budget counts), and the whole start, until nothing is requested for
 * QUIET_MS. A page that defers nothing (the bare React page) counts whole. Sizes are each body gzipped, whatever was sent.
 */
export async function firstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
  try {
    await context.addInitScript(markFirstIdleCallback, IDLE_MARK)
    const page = await context.newPage()
    let inFlight = 0
    let lastActivity = Date.now()
    const loads: Array<Promise<Omit<LoadedScript, 'beforeIdle'> & { requestedAt: number }>> = []
    page.on('request', () => {
      inFlight++
      lastActivity = Date.now()
    })
    const settled = () => {
      inFlight--
      lastActivity = Date.now()
    }
    page.on('requestfinished', settled)
    page.on('requestfailed', settled)
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (response.request().resourceType() !== 'script' || path === '/sw.js') return
      const requestedAt = response.request().timing().startTime
      loads.push(response.body().then((body) => ({ path, gzipBytes: gzipSync(body).length, requestedAt })))
    })
    await page.goto(url, { waitUntil: 'load' })
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100)
    const idleAt = await page.evaluate((mark) => {
      const entry = performance.getEntriesByName(mark)[0]
      return entry ? performance.timeOrigin + entry.startTime : Number.POSITIVE_INFINITY
    }, IDLE_MARK)
    const scripts = (await Promise.all(loads))
      .sort((a, b) => a.requestedAt - b.requestedAt)
      .map(({ requestedAt, ...script }) => ({ ...script, beforeIdle: requestedAt < idleAt }))
    return { scripts, beforeIdle: total(scripts.filter((script) => script.beforeIdle)), whole: total(scripts) }
  } finally {
    await context.close()
  }
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' }

/** A plain static file server for a built folder, as any host would serve the yardstick page. */
export async function serveFolder(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '')
    readFile(join(dir, path === '/' ? 'index.html' : path)).then(
      (body) => response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'text/html' }).end(body),
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) }
}
