import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { chromium } from 'playwright-core'
import { startServer } from '../../server/main.ts'

const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu']
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Bytes of what the worker precaches: the built files its glob patterns take. */
export async function precacheBytes(dir = 'dist/client'): Promise<number> {
  // What the worker precaches is the manifest injected into sw.js (not every file of the build: the server's
  // page renderer in .server/ and the sourcemaps stay on the server).
  const worker = await readFile(join(dir, 'sw.js'), 'utf8')
  const urls = new Set([...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))
  if (urls.size === 0) throw new Error(`no precache manifest found in ${dir}/sw.js`)
  let total = 0
  for (const url of urls) total += (await stat(join(dir, url))).size
  return total
}

/** Time to the first product card on a warm repeat visit, online and offline. */
export async function benchOffline(runs = 5): Promise<{ onlineMs: number; offlineMs: number }> {
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true, shutdownGraceMs: 0 })
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page.getByRole('article').first().waitFor()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    const firstCard = async () => {
      const start = performance.now()
      await page.reload()
      await page.getByRole('article').first().waitFor()
      return performance.now() - start
    }
    await firstCard() // warm every cache once
    const online: number[] = []
    for (let i = 0; i < runs; i++) online.push(await firstCard())
    await context.setOffline(true)
    const offline: number[] = []
    for (let i = 0; i < runs; i++) offline.push(await firstCard())
    return { onlineMs: median(online), offlineMs: median(offline) }
  } finally {
    await browser.close()
    await server.close()
  }
}
