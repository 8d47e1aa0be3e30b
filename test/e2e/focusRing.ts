/**
 * The keyboard focus as a sighted keyboard user meets it: which element has it, whether it is on screen and not
 * covered, and how its indicator contrasts (WCAG contrast ratio) with the background next to it, as Chromium computes it.
 */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

export interface FocusMeasure {
  /** Tag, role and accessible-ish name of the focused element, for messages and the report. */
  what: string
  /** On screen, with a size, and not entirely hidden under the sticky header or another layer (WCAG 2.4.11). */
  visible: boolean
  /** The colour behind the element (its nearest ancestor with a background), as rgb(). */
  background: string
  /** The indicator's colours: the outline's and the halo's (box-shadow), when drawn. */
  ring: string[]
  /** The best contrast between one of the ring's colours and the background next to it (0 when nothing is drawn). */
  contrast: number
}

/** Measures the focused element of the page (or of the dialog the page shows). */
export async function measureFocus(page: Page): Promise<FocusMeasure> {
  return page.evaluate(() => {
    const parse = (color: string): [number, number, number, number] | undefined => {
      const m = /rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+))?\)/.exec(color)
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : undefined
    }
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0)
    }
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return { what: 'body', visible: false, background: '', ring: [], contrast: 0 }
    const style = getComputedStyle(el)
    let background = 'rgb(255, 255, 255)'
    for (let node = el.parentElement; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor)
      if (color && color[3] > 0.5) {
        background = getComputedStyle(node).backgroundColor
        break
      }
    }
    const ring: string[] = []
    if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ring.push(style.outlineColor)
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      // A halo is a shadow without blur that spreads at least 2 px: "rgb(…) 0px 0px 0px 7px".
      const lengths = shadow
        .replace(/rgba?\([^)]*\)/, '')
        .trim()
        .split(/\s+/)
        .map(Number.parseFloat)
      const color = /rgba?\([^)]*\)/.exec(shadow)?.[0]
      if (color && lengths.length >= 4 && lengths[2] === 0 && (lengths[3] ?? 0) >= 2 && !shadow.includes('inset')) ring.push(color)
    }
    const bg = parse(background) ?? [255, 255, 255, 1]
    const contrast = Math.max(
      0,
      ...ring
        .map((c) => parse(c))
        .filter((c) => c !== undefined && c[3] > 0.5)
        .map((c) => ratio(c as number[], bg)),
    )
    const rect = el.getBoundingClientRect()
    const inView = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth
    // WCAG 2.4.11: the focused element is not entirely hidden; its centre or a point near a corner shows.
    const points = [
      [0.5, 0.5],
      [0.1, 0.15],
      [0.9, 0.15],
      [0.1, 0.85],
      [0.9, 0.85],
    ].map(([fx, fy]) => [rect.left + rect.width * (fx ?? 0), rect.top + rect.height * (fy ?? 0)] as const)
    const shows = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false
      const hit = document.elementFromPoint(x, y)
      return hit !== null && (hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el))
    }
    const visible = inView && points.some(([x, y]) => shows(x, y))
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
    const what = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${el.id ? `#${el.id}` : ''} "${name}"`
    return { what, visible, background, ring, contrast: Math.round(contrast * 100) / 100 }
  })
}

/** Fails unless the focused element is on screen and its indicator holds 3:1 against the background next to it. */
export async function expectVisibleFocus(page: Page, step: string): Promise<FocusMeasure> {
  const measure = await measureFocus(page)
  expect(measure.visible, `${step}: ${measure.what} is on screen`).toBe(true)
  expect(measure.contrast, `${step}: focus indicator of ${measure.what} on ${measure.background} (${measure.ring.join(' / ')})`).toBeGreaterThanOrEqual(3)
  return measure
}
