import { benchBundle, firstLoadBudget } from './bundle.ts'
import { benchStore } from './store.ts'
import { benchOffline, precacheBytes } from './offline.ts'
import { benchLighthouse, describeRun, lighthouseBudget } from './lighthouse.ts'
import { benchMainThread, blockingBudgetMs } from './mainThread.ts'
import { benchLoad, catalogueBudget } from './load.ts'
import type { Run } from './load.ts'

/** `npm run bench`: the performance budgets' figures that can be measured on this machine. */
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const bundle = await benchBundle()
const { app, bare } = bundle
const bundleOk = bundle.ratio <= firstLoadBudget.ratio && app.whole.files <= firstLoadBudget.files
console.log(
  `JS for / on a first visit, every script until the start is over: ${kib(app.whole.gzipBytes)} gzip in ${app.whole.files} files; bare React page: ${kib(bare.whole.gzipBytes)} in ${bare.whole.files}; ratio ${bundle.ratio.toFixed(2)} (budget ${firstLoadBudget.ratio}x in ${firstLoadBudget.files} files, ${bundleOk ? 'within budget' : 'OVER BUDGET'})`,
)
console.log(
  `  of which before the page's first idle callback: ${kib(app.beforeIdle.gzipBytes)} gzip in ${app.beforeIdle.files} files (ratio ${(app.beforeIdle.gzipBytes / bare.whole.gzipBytes).toFixed(2)})`,
)
for (const script of app.scripts) console.log(`  ${kib(script.gzipBytes).padStart(10)}  ${script.beforeIdle ? '      ' : 'idle  '}${script.path}`)
const store = await benchStore()
console.log(`replay of 10,000 cart facts: ${store.replayMs.toFixed(1)} ms`)
for (const [length, ms] of Object.entries(store.coldStartMs))
  console.log(`cold start (snapshot + 100-fact tail) with a ${Number(length).toLocaleString('en')}-fact log: ${ms.toFixed(1)} ms`)
const load = await benchLoad()
const rps = (r: Run) => `${Math.round(r.rps).toLocaleString('en')} req/s`
const faults = (r: Run) => `${r.errors} errors, ${r.non2xx} non-2xx`
console.log(
  `catalogue reads (GET /api/v2/bootstrap): ${rps(load.catalogue)} (${faults(load.catalogue)}); bare Hono endpoint, same bytes: ${rps(load.bare)} (${faults(load.bare)}); median ratio of ${load.ratios.length} rounds ${load.ratio.toFixed(2)} (rounds ${Math.min(...load.ratios).toFixed(2)}-${Math.max(...load.ratios).toFixed(2)}; budget ${catalogueBudget}x, ${load.ratio >= catalogueBudget ? 'within budget' : 'UNDER BUDGET'})`,
)
const loadRuns: Run[] = [load.catalogue, load.bare, load.orders.pglite]
for (const [name, r] of [
  ['PGlite (in memory)', load.orders.pglite],
  ['PostgreSQL', load.orders.postgres],
] as const) {
  if ('skipped' in r) console.log(`order creation on ${name}: skipped, ${r.skipped}`)
  else console.log(`order creation on ${name}, distinct idempotency keys: ${rps(r)}, p99 ${r.p99} ms (${faults(r)})`)
}
if (!('skipped' in load.orders.postgres)) loadRuns.push(load.orders.postgres)
const loadOk = load.ratio >= catalogueBudget && loadRuns.every((r) => r.errors === 0 && r.non2xx === 0)
console.log(`precache: ${((await precacheBytes()) / 1024).toFixed(1)} KiB`)
const offline = await benchOffline()
const offlineRatio = offline.offlineMs / offline.onlineMs
console.log(
  `first product card on a warm reload: online ${offline.onlineMs.toFixed(0)} ms, offline ${offline.offlineMs.toFixed(0)} ms (ratio ${offlineRatio.toFixed(2)}, budget 1.5x)`,
)
const ms = (v: number) => `${Math.round(v)} ms`
const mainThread = await benchMainThread()
console.log(
  `first visit's main thread, from CPU time on a phone 4x slower than this machine (medians of 3): bare React page: blocking ${ms(mainThread.bare.blockingMs)}, work ${ms(mainThread.bare.workMs)}`,
)
for (const [path, page] of Object.entries(mainThread.pages))
  console.log(
    `  ${path}: Total Blocking Time ${ms(page.blockingMs)} (budget ${blockingBudgetMs} ms, ${page.blockingMs <= blockingBudgetMs ? 'within budget' : 'OVER BUDGET'}), work ${ms(page.workMs)} (${(page.workMs / mainThread.bare.workMs).toFixed(2)}x the bare page's; runs ${page.runs.map((run) => Math.round(run.blockingMs)).join(', ')})`,
  )
const mainThreadOk = Object.values(mainThread.pages).every((page) => page.blockingMs <= blockingBudgetMs)
const lighthouse = await benchLighthouse()
console.log(
  `Lighthouse mobile (default throttling, medians of 3; by the clock, so a busy machine adds to every figure): bare React page: score ${lighthouse.bare.score.toFixed(2)}, TBT ${ms(lighthouse.bare.tbtMs)}, main thread ${ms(lighthouse.bare.mainThreadMs)}`,
)
for (const [path, page] of Object.entries(lighthouse.pages)) {
  console.log(
    `  ${path}: score ${page.score.toFixed(2)}, LCP ${ms(page.lcpMs)}, TBT ${ms(page.tbtMs)}, main thread ${ms(page.mainThreadMs)} (${(page.mainThreadMs / lighthouse.bare.mainThreadMs).toFixed(2)}x the bare page's; budgets ${lighthouseBudget.score} and LCP ${lighthouseBudget.lcpMs} ms)`,
  )
  for (const run of page.runs) console.log(`    ${describeRun(run)}`)
}
const lighthouseOk = Object.values(lighthouse.pages).every((page) => page.score >= lighthouseBudget.score && page.lcpMs <= lighthouseBudget.lcpMs)
if (!bundleOk || offlineRatio > 1.5 || !mainThreadOk || !lighthouseOk || !loadOk) process.exitCode = 1
