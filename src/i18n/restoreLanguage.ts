import { restoreChoice } from './language.ts'

/** The longest the first paint waits for the language; a slower load finishes behind it, the selector showing it. */
const FIRST_PAINT_BUDGET_MS = 1500

/**
 * Call before the first render: shows the language last chosen on this device (the latest v1.LanguageChosen),
 * its catalogue loaded through the worker's cache (so also offline), and from then on follows other tabs' choices.
 * No flash of English on a normal start, and never a blank page when the store or the network hangs.
 */
export async function restoreLanguage(): Promise<void> {
  await Promise.race([restoreChoice(), new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_BUDGET_MS))])
}
