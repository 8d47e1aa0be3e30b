/**
 * Client chaos: seeded, repeatable scripts of customer intents (add, rename, remove, clear, orders online and
 * offline, language, support messages, sign in and out) interrupted at random moments (reload, a full navigation
 * by URL, closing the tab for a new one, going offline and back, a second tab acting at the same time). After
 * every interruption the app restarts and the test checks that what the UI confirmed is there, nothing is there
 * twice, nothing unconfirmed shows as done, and the server holds exactly the acknowledged orders and messages.
 *
 *   npx vitest run --project e2e test/e2e/chaos.test.ts              seeds 1-3, 22 interruptions each (npm test)
 *   CHAOS_INTERRUPTIONS=500 npx vitest run --project e2e test/e2e/chaos.test.ts   (npm run chaos)
 *   CHAOS_SEED=7 CHAOS_PER_SEED=22 npx vitest run --project e2e test/e2e/chaos.test.ts   replays seed 7
 *
 * The test starts its own server (an in-memory database it can query) on the build the e2e setup made, trusting
 * X-Forwarded-For so its support messages are not held back by the per-address limit.
 */
import { afterAll, beforeAll, describe, test } from 'vitest'
import type { Browser } from 'playwright-core'
import type { RunningServer } from '../../server/server.ts'
import { renderFirstPages } from './firstPages.ts'
import { startOwnServer } from './ownServer.ts'
import { launchBrowser } from './browser.ts'
import { unclosedTabs } from './chaos/app.ts'
import { emptyStats, Run, type Env } from './chaos/run.ts'

const perSeed = positive('CHAOS_PER_SEED', 22)
const total = positive('CHAOS_INTERRUPTIONS', 66)
const seeds = process.env.CHAOS_SEED
  ? process.env.CHAOS_SEED.split(',').map((s) => Number(s.trim()))
  : Array.from({ length: Math.ceil(total / perSeed) }, (_, i) => i + 1)
// With explicit seeds each gets CHAOS_PER_SEED; otherwise the total is shared out (the last seed takes the rest).
const quota = (index: number) => (process.env.CHAOS_SEED ? perSeed : Math.min(perSeed, total - index * perSeed))

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0`)
  return value
}

const stats = emptyStats()
const results: { seed: number; interruptions: number; steps: number; ms: number; failed: boolean }[] = []
let server: RunningServer | undefined
let browser: Browser | undefined
let started = 0

beforeAll(async () => {
  started = Date.now()
  server = await startOwnServer({ trustProxy: true })
  await renderFirstPages(server.url)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  const count = (o: Record<string, number>) =>
    Object.entries(o)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')
  const interruptions = results.reduce((sum, r) => sum + r.interruptions, 0)
  const steps = results.reduce((sum, r) => sum + r.steps, 0)
  const failed = results.filter((r) => r.failed).map((r) => r.seed)
  console.log(
    [
      `[chaos] seeds ${results.length} (${results.map((r) => r.seed).join(', ')}), failed ${failed.length}${failed.length ? ` (${failed.join(', ')})` : ''}; ` +
        `${steps} intents, ${interruptions} interruptions, ${stats.checks} checks in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      `[chaos] intents: ${count(stats.intents)}`,
      `[chaos] interruptions: ${count(stats.interruptions)}; timing: ${count(stats.timings)}; second tab did: ${count(stats.secondTab)}`,
      `[chaos] outcomes: ${stats.outcomes.confirmed} orders and messages confirmed; maybes found there ${stats.outcomes.maybeThere}, not there ${stats.outcomes.maybeNotThere}`,
      `[chaos] tabs Chromium would not close (left open, their pages answering): ${unclosedTabs.leftOpen}`,
    ].join('\n'),
  )
})

describe('client chaos', () => {
  seeds.forEach((seed, index) => {
    const interruptions = quota(index)
    test(
      `seed ${seed}: ${interruptions} interruptions; confirmed intents stay, nothing twice, the server holds what was acknowledged`,
      async () => {
        const env: Env = { browser: browser!, url: server!.url, db: server!.db, runId: started.toString(36), stats }
        const run = new Run(seed, interruptions, env)
        const begun = Date.now()
        let failed = true
        try {
          await run.run()
          failed = false
        } finally {
          run.report()
          results.push({ seed, interruptions: run.interruptions, steps: run.step, ms: Date.now() - begun, failed })
          await run.close()
        }
      },
      60_000 + interruptions * 30_000,
    )
  })
})
