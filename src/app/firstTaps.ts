/** The attribute that names the product of an "add to cart" button (read by /first-taps.js before the app runs). */
export const addsProduct = 'data-adds-product'

/**
 * Takes the page over from /first-taps.js: from now on React handles taps, and the ids of the products
 * tapped before (in order) are handed back once.
 */
export function takeFirstTaps(root: HTMLElement): number[] {
  root.setAttribute('data-app', '')
  const taps = root.dataset.firstTaps?.split(',').map(Number).filter(Number.isInteger) ?? []
  delete root.dataset.firstTaps
  return taps
}
