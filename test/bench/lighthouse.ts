import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { launch } from 'chrome-launcher'
import { startServer } from '../../server/main.ts'
import { buildBareReact } from './bareReact.ts'
import { serveFolder } from './firstLoad.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** One Lighthouse run: the score and the metrics it is made of, and the main thread's work under the CPU throttling. */
export interface LighthouseRun {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  siMs: number
  /** All the main thread's work until the page is quiet (Lighthouse's main-thread work breakdown, throttled). */
  mainThreadMs: number
  /** The scripts that took the main thread longest (Lighthouse's JavaScript execution time), throttled. */
  scripts: Array<{ url: string; ms: number }>
}

export interface LighthousePage {
  /** The medians of the runs. */
  score: number
  lcpMs: number
  tbtMs: number
  mainThreadMs: number
  runs: LighthouseRun[]
}

/** The budgets for / and /cart, medians of the runs (Total Blocking Time is held by benchMainThread, from CPU time). */
export const lighthouseBudget = { score: 0.95, lcpMs: 1500 }

const metric = (audits: Record<string, { numericValue?: number }>, id: string) => audits[id]?.numericValue ?? Number.NaN

type Audits = Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>

const slowestScripts = (audits: Audits) =>
  (audits['bootup-time']?.details?.items ?? [])
    .map((item) => ({ url: String(item.url), ms: Number(item.total) }))
    .filter((script) => script.url.startsWith('http'))
    .slice(0, 5)

/**
 * Lighthouse mobile performance (default throttling), median of `runs`, for each of the app's `paths` and for a bare
 * React 19 page built and served in the same run: the machine's speed and load weigh on both alike, so the app's
 * Total Blocking Time and main-thread work are read beside the bare page's. The runs take turns (bare, then each
 * path) so that a busy moment of a shared machine falls on all of them.
 */
export async function benchLighthouse(paths = ['/', '/cart'], runs = 3): Promise<{ bare: LighthousePage; pages: Record<string, LighthousePage> }> {
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true, shutdownGraceMs: 0 })
  const bareRoot = await buildBareReact()
  const bareSite = await serveFolder(join(bareRoot, 'dist'))
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const measure = async (url: string): Promise<LighthouseRun> => {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
    const audits = (result?.lhr.audits ?? {}) as Audits
    return {
      score: result?.lhr.categories.performance?.score ?? 0,
      fcpMs: metric(audits, 'first-contentful-paint'),
      lcpMs: metric(audits, 'largest-contentful-paint'),
      tbtMs: metric(audits, 'total-blocking-time'),
      cls: metric(audits, 'cumulative-layout-shift'),
      siMs: metric(audits, 'speed-index'),
      mainThreadMs: metric(audits, 'mainthread-work-breakdown'),
      scripts: slowestScripts(audits),
    }
  }
  try {
    const targets = [{ key: 'bare', url: `${bareSite.url}/` }, ...paths.map((path) => ({ key: path, url: server.url + path }))]
    const samples = new Map<string, LighthouseRun[]>(targets.map(({ key }) => [key, []]))
    for (let i = 0; i < runs; i++) for (const { key, url } of targets) samples.get(key)?.push(await measure(url))
    const summary = (runs: LighthouseRun[] = []): LighthousePage => ({
      score: median(runs.map((s) => s.score)),
      lcpMs: median(runs.map((s) => s.lcpMs)),
      tbtMs: median(runs.map((s) => s.tbtMs)),
      mainThreadMs: median(runs.map((s) => s.mainThreadMs)),
      runs,
    })
    return { bare: summary(samples.get('bare')), pages: Object.fromEntries(paths.map((path) => [path, summary(samples.get(path))])) }
  } finally {
    chrome.kill()
    await server.close()
    await bareSite.close()
    await rm(bareRoot, { recursive: true, force: true })
  }
}

/** One line per run: score, FCP, LCP, TBT, CLS, Speed Index, main-thread work. */
export function describeRun(run: LighthouseRun): string {
  const ms = (v: number) => `${Math.round(v)} ms`
  return `score ${run.score.toFixed(2)}  FCP ${ms(run.fcpMs)}  LCP ${ms(run.lcpMs)}  TBT ${ms(run.tbtMs)}  CLS ${run.cls.toFixed(3)}  SI ${ms(run.siMs)}  main thread ${ms(run.mainThreadMs)}`
}
