import { benchCatalogue, catalogueBudget } from './load.ts'

/** `npm run bench:catalogue`: the catalogue's read ratio on its own, for profiling without the whole bench. */
const figures = await benchCatalogue()
const rps = (n: number) => `${Math.round(n).toLocaleString('en')} req/s`
console.log(
  `catalogue reads (GET /api/v2/bootstrap): ${rps(figures.catalogue.rps)}; bare Hono endpoint, same bytes: ${rps(figures.bare.rps)}; median ratio of ${figures.ratios.length} rounds ${figures.ratio.toFixed(2)} (rounds ${Math.min(...figures.ratios).toFixed(2)}-${Math.max(...figures.ratios).toFixed(2)}; budget ${catalogueBudget}x, ${figures.ratio >= catalogueBudget ? 'within budget' : 'UNDER BUDGET'})`,
)
if (figures.ratio < catalogueBudget || figures.catalogue.non2xx > 0 || figures.catalogue.errors > 0) process.exitCode = 1
