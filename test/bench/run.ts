import { benchBundle, firstLoadBudget } from './bundle.ts'
import { benchStore } from './store.ts'
import { benchOffline, precacheBytes } from './offline.ts'
import { benchLighthouse, describeRun, lcpBudgetMs } from './lighthouse.ts'
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
const lighthouse = await benchLighthouse()
for (const [path, page] of Object.entries(lighthouse)) {
  console.log(
    `Lighthouse mobile performance on ${path}: ${page.score.toFixed(2)}, LCP ${Math.round(page.lcpMs)} ms (medians of 3; budgets 0.95 and ${lcpBudgetMs} ms)`,
  )
  for (const run of page.runs) console.log(`  ${describeRun(run)}`)
}
const lighthouseOk = Object.values(lighthouse).every((page) => page.score >= 0.95 && page.lcpMs <= lcpBudgetMs)
if (!bundleOk || offlineRatio > 1.5 || !lighthouseOk || !loadOk) process.exitCode = 1
