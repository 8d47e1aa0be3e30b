import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8')

/** A finding of axe left out on purpose: its rule, the elements it is left out for, and why. */
export interface AxeExclusion {
  rule: string
  selector: string
  why: string
}

export interface Finding {
  rule: string
  impact: string
  help: string
  targets: string[]
  summary: string
}

/** axe-core's violations on the page (every impact, best practices included), less the findings `excluded` leaves out on purpose. */
export async function axe(page: Page, excluded: readonly AxeExclusion[] = []): Promise<Finding[]> {
  // Once per document: the script is half a megabyte.
  for (const frame of page.frames()) if (!(await frame.evaluate(() => 'axe' in window).catch(() => true))) await frame.evaluate(axeSource)
  return page.evaluate(async (excluded) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script just evaluated in the page
    const axe = (window as any).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    const left = (rule: string, target: string) => {
      const el = document.querySelector(target)
      return !excluded.some((e) => e.rule === rule && el?.matches(e.selector))
    }
    // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
    return result.violations.flatMap((v: any) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
      const nodes = v.nodes.filter((n: any) => left(v.id, String(n.target.at(-1))))
      if (!nodes.length) return []
      // biome-ignore lint/suspicious/noExplicitAny: axe's result objects
      return [{ rule: v.id, impact: v.impact, help: v.help, targets: nodes.map((n: any) => n.target.join(' >> ')), summary: nodes[0].failureSummary }]
    })
  }, excluded)
}
