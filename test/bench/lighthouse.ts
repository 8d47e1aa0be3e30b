import lighthouse from 'lighthouse'
import { launch } from 'chrome-launcher'
import { startServer } from '../../server/main.ts'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** GUIDE.md §5: Lighthouse mobile performance (default throttling), median of `runs`, per page. */
export async function benchLighthouse(paths = ['/', '/cart'], runs = 3): Promise<Record<string, number>> {
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true })
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const scores: Record<string, number> = {}
    for (const path of paths) {
      const samples: number[] = []
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(server.url + path, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' })
        samples.push(result?.lhr.categories.performance?.score ?? 0)
      }
      scores[path] = median(samples)
    }
    return scores
  } finally {
    chrome.kill()
    await server.close()
  }
}
