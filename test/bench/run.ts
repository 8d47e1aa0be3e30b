import { benchBundle } from './bundle.ts'
import { benchStore } from './store.ts'
import { benchOffline, precacheBytes } from './offline.ts'
import { benchLighthouse } from './lighthouse.ts'

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
console.log(`precache: ${((await precacheBytes()) / 1024).toFixed(1)} KiB`)
const offline = await benchOffline()
const offlineRatio = offline.offlineMs / offline.onlineMs
console.log(
  `first product card on a warm reload: online ${offline.onlineMs.toFixed(0)} ms, offline ${offline.offlineMs.toFixed(0)} ms (ratio ${offlineRatio.toFixed(2)}, budget 1.5x)`,
)
const lighthouse = await benchLighthouse()
for (const [path, score] of Object.entries(lighthouse))
  console.log(`Lighthouse mobile performance on ${path}: ${score.toFixed(2)} (median of 3; budget 0.95)`)
const lighthouseOk = Object.values(lighthouse).every((score) => score >= 0.95)
if (bundle.ratio > bundle.budget || offlineRatio > 1.5 || !lighthouseOk) process.exitCode = 1
