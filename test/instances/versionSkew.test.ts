import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { seed } from '../../server/seed/seed.ts'
import { CHROMIUM_ARGS, newContext, screenshot } from '../e2e/browser.ts'
import { ensureChromium } from '../e2e/global-setup.ts'
import { addToCart, cartLines, expectBadge, openCart, openHome, readCards } from '../e2e/storefront.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { buildTwoReleases, roundRobinProxy } from './helpers/twoReleases.ts'
import type { ReleaseProject, SourceChange } from './helpers/twoReleases.ts'

const server = process.env.DATABASE_URL
const visits = 10
/** The new release's change: the theme every screen reads, and the cart's lines (a chunk loaded when the cart opens). */
const newContent: SourceChange[] = [
  ['src/ui/theme.ts', "radius: '12px'", "radius: '10px'"],
  ['src/features/cart/CartLineRow.tsx', 'padding: 12px 0;', 'padding: 11px 0;'],
]

/** The hashed scripts a release's first page names. */
const pageScripts = (release: ReleaseProject) =>
  [...readFileSync(join(release.root, 'dist', 'client', 'index.html'), 'utf8').matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0])

/**
 * A rolling upgrade as an operator runs it: the previous release and the new one serve together on one PostgreSQL
 * behind a round-robin balancer (two builds whose hashed files differ), and fresh visits open the shop and add to cart
 * whichever instance answers each of their requests.
 */
describe.skipIf(!server)('two releases serving together behind a round-robin balancer (needs DATABASE_URL)', () => {
  let built: Awaited<ReturnType<typeof buildTwoReleases>>
  let database: TestDatabase
  let db: Db
  let instances: Instance[] = []
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>
  let browser: Browser

  beforeAll(async () => {
    const started = Date.now()
    built = await buildTwoReleases(['previous-release', 'new-release'], newContent)
    console.log(`[skew] two releases built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    database = await freshDatabase(server)
    const env = stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '0' })
    // The previous release first, as in an upgrade; then the new one beside it.
    const [previous, next] = built.releases
    instances = await startInstances(previous.root, 1, env)
    instances.push(...(await startInstances(next.root, 1, env)))
    db = await openDb(database.url, undefined, { poolMax: 2 })
    await seed(db)
    proxy = await roundRobinProxy(instances.map((i) => i.url))
    browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS })
  }, 900_000)
  afterAll(async () => {
    await browser?.close()
    proxy?.server.close()
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    built?.remove()
  })

  it('serves two builds whose pages name different hashed scripts', () => {
    const [previous, next] = built.releases
    expect(pageScripts(previous).length).toBeGreaterThan(0)
    for (const script of pageScripts(next)) expect(previous.assets).not.toContain(script.slice('/assets/'.length))
    const shared = next.assets.filter((file) => previous.assets.includes(file))
    console.log(`[skew] hashed files: previous ${previous.assets.length}, new ${next.assets.length}, in both ${shared.length}`)
    // Not only the entry: the chunks a page loads later differ too, so a page's lazy load crosses releases as well.
    expect(next.assets.length - shared.length).toBeGreaterThan(pageScripts(next).length * 2)
  })

  it(`lets ${visits} of ${visits} fresh visits add a package to the cart, whichever instance answers each request`, { timeout: 600_000 }, async () => {
    const outcomes: string[] = []
    for (let visit = 1; visit <= visits; visit++) {
      // A fresh context each time: no cache, no service worker, no IndexedDB left from the visit before.
      const context = await newContext(browser, { baseURL: proxy.url })
      const page = await context.newPage()
      const missing: string[] = []
      page.on('response', (res) => res.status() === 404 && missing.push(new URL(res.url()).pathname))
      try {
        await openHome(page)
        const [first] = await readCards(page)
        if (!first) throw new Error('no product on the home page')
        await addToCart(page, first.name)
        await expectBadge(page, 1)
        await openCart(page)
        await cartLines(page).getByText(first.name, { exact: true }).waitFor()
        outcomes.push('added')
        await screenshot(page, `skew-visit-${visit}-cart`)
      } catch (error) {
        outcomes.push(`failed: ${(error as Error).message.split('\n')[0]} (404: ${missing.join(', ') || 'none'})`)
        await screenshot(page, `skew-visit-${visit}-failed`).catch(() => {})
      } finally {
        await context.close()
      }
    }
    const worked = outcomes.filter((o) => o === 'added').length
    console.log(`[skew] fresh visits that added to cart: ${worked} of ${visits}\n${outcomes.map((o, i) => `  ${i + 1}: ${o}`).join('\n')}`)
    // Both instances answered the visits' requests.
    expect(new Set(proxy.answered.map((a) => a.target))).toEqual(new Set([0, 1]))
    expect(outcomes).toEqual(Array.from({ length: visits }, () => 'added'))
  })
})
