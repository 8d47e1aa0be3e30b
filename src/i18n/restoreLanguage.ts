import { i18n, loadCatalogue } from './i18n.ts'
import { restoreChoice } from './language.ts'
import { isLocale } from './locales.ts'

/** The longest the first paint waits for the language; a slower load finishes behind it, the selector showing it. */
const FIRST_PAINT_BUDGET_MS = 1500

const within = <T>(work: Promise<T>, fallback: T) =>
  Promise.race([work, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), FIRST_PAINT_BUDGET_MS))])

/**
 * Call before the first render: shows the language last chosen on this device (the latest v1.LanguageChosen),
 * its catalogue loaded through the worker's cache (so also offline), and from then on follows other tabs' choices.
 * No flash of English on a normal start, and never a blank page when the store or the network hangs.
 */
export async function restoreLanguage(): Promise<void> {
  await within(restoreChoice(), undefined)
}

/**
 * For a page the server rendered: shows the language it was rendered in (its <html lang>), so the app hydrates
 * exactly that markup. False when that language's catalogue cannot be had in time: the app then draws the page
 * itself instead of hydrating.
 */
export async function showPageLanguage(page: Document): Promise<boolean> {
  const lang = page.documentElement.lang
  if (!isLocale(lang)) return false
  const ready = await within(
    loadCatalogue(lang).then(
      () => true,
      () => false,
    ),
    false,
  )
  if (ready) i18n.activate(lang)
  return ready
}
