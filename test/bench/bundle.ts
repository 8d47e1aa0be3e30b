import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { buildApp } from '../../server/build/buildApp.ts'
import { startServer } from '../../server/main.ts'
import { buildBareReact } from './bareReact.ts'
import { firstLoad, serveFolder, type FirstLoad } from './firstLoad.ts'

const ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu']

/** The first-load budget: every script of a first visit to / until the start is over (the network quiet), at most this many times a bare React page's and in this many files. */
export const firstLoadBudget = { ratio: 2.2, files: 11 }

/** The app's first load of / (served as in production, first paint and all) and the bare page's, in one Chromium; the ratio is the budget's. */
export async function benchBundle(): Promise<{ app: FirstLoad; bare: FirstLoad; ratio: number }> {
  // The whole production build (the client and the server's page renderer), which the later benches serve.
  await buildApp(process.cwd())
  const bareRoot = await buildBareReact()
  const bareSite = await serveFolder(join(bareRoot, 'dist'))
  const server = await startServer({ port: 0, host: '127.0.0.1', databaseUrl: 'memory:', seed: true, dev: false, quiet: true, shutdownGraceMs: 0 })
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS })
  try {
    const app = await firstLoad(browser, `${server.url}/`)
    const bare = await firstLoad(browser, `${bareSite.url}/`)
    return { app, bare, ratio: app.whole.gzipBytes / bare.whole.gzipBytes }
  } finally {
    await browser.close()
    await server.close()
    await bareSite.close()
    await rm(bareRoot, { recursive: true, force: true })
  }
}
