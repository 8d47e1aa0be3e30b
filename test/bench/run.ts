import { benchBundle } from './bundle.ts'

/** `npm run bench`: the figures of GUIDE.md §5 that can be measured on this machine. */
const bundle = await benchBundle()
const verdict = bundle.ratio <= bundle.budget ? 'within budget' : 'OVER BUDGET'
console.log(
  `initial JS on /: ${bundle.appKb.toFixed(1)} KiB gzip; bare React page: ${bundle.bareKb.toFixed(1)} KiB; ratio ${bundle.ratio.toFixed(2)} (budget ${bundle.budget}x, ${verdict})`,
)
if (bundle.ratio > bundle.budget) process.exitCode = 1
