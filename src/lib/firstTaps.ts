import * as v from 'valibot'
import { ProductSchema } from '../domain/product.ts'

/** The attribute that names the product of an "add to cart" button (read by /first-taps.js before the app runs). */
export const addsProduct = 'data-adds-product'

/** Where /first-taps.js keeps the taps until the app has committed them. */
const KEY = 'first-taps'

const TapsSchema = v.array(v.object({ id: v.pipe(v.string(), v.startsWith('tap-')), product: ProductSchema, at: v.string() }))

/** An "add to cart" tap made before the app ran: its id becomes the fact's (and the line's), so it is added once. */
export type FirstTap = v.InferOutput<typeof TapsSchema>[number]

function parse(text: string | null | undefined): FirstTap[] {
  if (!text) return []
  try {
    const parsed = v.safeParse(TapsSchema, JSON.parse(text))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

function stored(): FirstTap[] {
  try {
    return parse(localStorage.getItem(KEY))
  } catch {
    return []
  }
}

/**
 * Takes the page over from /first-taps.js: from now on React handles taps. Hands back the taps made before, on this
 * page or on one a full navigation left before its app committed them, oldest first; each stays kept until
 * forgetFirstTap() names it, so a page that unloads meanwhile hands it on again (its fact id makes that harmless).
 */
export function takeFirstTaps(root: HTMLElement): FirstTap[] {
  root.setAttribute('data-app', '')
  const onPage = parse(root.dataset.firstTaps)
  delete root.dataset.firstTaps
  const kept = stored()
  return [...kept, ...onPage.filter((tap) => !kept.some((k) => k.id === tap.id))].sort((a, b) => a.at.localeCompare(b.at))
}

/** The tap's line is in the cart (stored, or in memory on a device that cannot store): it is not handed on again. */
export function forgetFirstTap(id: string): void {
  if (!id.startsWith('tap-')) return
  try {
    const left = stored().filter((tap) => tap.id !== id)
    if (left.length > 0) localStorage.setItem(KEY, JSON.stringify(left))
    else localStorage.removeItem(KEY)
  } catch {
    // Nothing kept there: the tap lived on the page only.
  }
}
