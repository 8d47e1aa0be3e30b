import lighthouse from 'lighthouse'
import { launch } from 'chrome-launcher'
import { startServer } from '../../server/main.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** One Lighthouse run: the score and the metrics it is made of. */
export interface LighthouseRun {
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  siMs: number
}

export interface LighthousePage {
  /** The median score of the runs. */
  score: number
  /** The median Largest Contentful Paint of the runs. */
  lcpMs: number
  runs: LighthouseRun[]
}

/** The budget for the largest contentful paint of / and /cart, median of the runs. */
export const lcpBudgetMs = 1500

const metric = (audits: Record<string, { numericValue?: number }>, id: string) => audits[id]?.numericValue ?? Number.NaN

/** Lighthouse mobile performance (default throttling), median of `runs`, per page, with each run's metrics. */
export async function benchLighthouse(paths = ['/', '/cart'], runs = 3): Promise<Record<string, LighthousePage>> {
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true, shutdownGraceMs: 0 })
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const pages: Record<string, LighthousePage> = {}
    for (const path of paths) {
      const samples: LighthouseRun[] = []
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(server.url + path, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
        const audits = result?.lhr.audits ?? {}
        samples.push({
          score: result?.lhr.categories.performance?.score ?? 0,
          fcpMs: metric(audits, 'first-contentful-paint'),
          lcpMs: metric(audits, 'largest-contentful-paint'),
          tbtMs: metric(audits, 'total-blocking-time'),
          cls: metric(audits, 'cumulative-layout-shift'),
          siMs: metric(audits, 'speed-index'),
        })
      }
      pages[path] = { score: median(samples.map((s) => s.score)), lcpMs: median(samples.map((s) => s.lcpMs)), runs: samples }
    }
    return pages
  } finally {
    chrome.kill()
    await server.close()
  }
}

/** One line per run: score, FCP, LCP, TBT, CLS, Speed Index. */
export function describeRun(run: LighthouseRun): string {
  const ms = (v: number) => `${Math.round(v)} ms`
  return `score ${run.score.toFixed(2)}  FCP ${ms(run.fcpMs)}  LCP ${ms(run.lcpMs)}  TBT ${ms(run.tbtMs)}  CLS ${run.cls.toFixed(3)}  SI ${ms(run.siMs)}`
}
