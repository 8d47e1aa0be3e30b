import { benchBundle } from './bundle.ts'
import { benchStore } from './store.ts'

/** `npm run bench`: the figures of GUIDE.md §5 that can be measured on this machine. */
const bundle = await benchBundle()
const verdict = bundle.ratio <= bundle.budget ? 'within budget' : 'OVER BUDGET'
console.log(
  `initial JS on / (entry + static imports): ${bundle.appKb.toFixed(1)} KiB gzip; bare React page: ${bundle.bareKb.toFixed(1)} KiB; ratio ${bundle.ratio.toFixed(2)} (budget ${bundle.budget}x, ${verdict})`,
)
console.log(`all JS / runs before its cards show (+ route chunk, store, cart machine): ${bundle.homeKb.toFixed(1)} KiB gzip`)
const store = await benchStore()
console.log(`replay of 10,000 cart facts: ${store.replayMs.toFixed(1)} ms`)
for (const [length, ms] of Object.entries(store.coldStartMs))
  console.log(`cold start (snapshot + 100-fact tail) with a ${Number(length).toLocaleString('en')}-fact log: ${ms.toFixed(1)} ms`)
if (bundle.ratio > bundle.budget) process.exitCode = 1
