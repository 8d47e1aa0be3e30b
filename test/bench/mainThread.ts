import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { startServer } from '../../server/main.ts'
import { buildBareReact } from './bareReact.ts'
import { serveFolder } from './firstLoad.ts'

/** Lighthouse's mobile CPU slowdown: a mid-range phone runs the page's main thread about this many times slower than a desktop. */
const CPU_SLOWDOWN = 4
/** A task longer than this blocks input (Total Blocking Time counts what is beyond it). */
const LONG_TASK_MS = 50
/** How long the page is watched after its load event: the boot work deferred to idle periods runs in it. */
const WATCH_MS = 4000

/** A first visit's main-thread work, from the thread's CPU time (not the clock), as a phone would take it. */
export interface MainThreadRun {
  /** Every task's CPU time, times the slowdown. */
  workMs: number
  /** Σ (task − 50 ms) over the tasks after the first contentful paint, each task's CPU time times the slowdown: Total Blocking Time on that phone. */
  blockingMs: number
  /** The longest task, times the slowdown. */
  longestMs: number
}

export interface MainThreadPage {
  /** The medians of the runs. */
  blockingMs: number
  workMs: number
  runs: MainThreadRun[]
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
}

/** One first visit to `url` in a fresh phone-sized context, traced; its main thread's tasks by CPU time. */
async function visit(browser: Browser, url: string): Promise<MainThreadRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const events: TraceEvent[] = []
    cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])))
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading', transferMode: 'ReportEvents' })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForTimeout(WATCH_MS)
    await cdp.send('Tracing.end')
    await complete
    // The page's renderer main thread is the one that parsed its HTML.
    const parser = events.find((event) => event.name === 'ParseHTML')
    if (!parser) throw new Error(`no HTML parsed in the trace of ${url}`)
    const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parser.pid)?.ts ?? 0
    const tasks = events.filter((event) => event.pid === parser.pid && event.tid === parser.tid && event.ph === 'X' && event.name === 'RunTask')
    let workMs = 0
    let blockingMs = 0
    let longestMs = 0
    for (const task of tasks) {
      const ms = ((task.tdur ?? task.dur ?? 0) / 1000) * CPU_SLOWDOWN
      workMs += ms
      longestMs = Math.max(longestMs, ms)
      if (task.ts >= fcp) blockingMs += Math.max(0, ms - LONG_TASK_MS)
    }
    return { workMs, blockingMs, longestMs }
  } finally {
    await context.close()
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** The budget for / and /cart: Total Blocking Time on a phone 4x slower than this machine, from CPU time, median of the runs. */
export const blockingBudgetMs = 150

/**
 * The main thread's work on a first visit to each of `paths` and to a bare React 19 page built in the same run,
 * taken from each task's CPU time rather than the clock: a machine busy with other work stretches the clock, not
 * the CPU time a task needs, so the figures mean the same on a shared machine as on a quiet one. The runs take turns.
 */
export async function benchMainThread(paths = ['/', '/cart'], runs = 3): Promise<{ bare: MainThreadPage; pages: Record<string, MainThreadPage> }> {
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true, shutdownGraceMs: 0 })
  const bareRoot = await buildBareReact()
  const bareSite = await serveFolder(join(bareRoot, 'dist'))
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
  })
  try {
    const targets = [{ key: 'bare', url: `${bareSite.url}/` }, ...paths.map((path) => ({ key: path, url: server.url + path }))]
    const samples = new Map<string, MainThreadRun[]>(targets.map(({ key }) => [key, []]))
    for (let i = 0; i < runs; i++) for (const { key, url } of targets) samples.get(key)?.push(await visit(browser, url))
    const summary = (runs: MainThreadRun[] = []): MainThreadPage => ({
      blockingMs: median(runs.map((run) => run.blockingMs)),
      workMs: median(runs.map((run) => run.workMs)),
      runs,
    })
    return { bare: summary(samples.get('bare')), pages: Object.fromEntries(paths.map((path) => [path, summary(samples.get(path))])) }
  } finally {
    await browser.close()
    await server.close()
    await bareSite.close()
    await rm(bareRoot, { recursive: true, force: true })
  }
}
