import { i18n } from '@lingui/core'
import { withEnglish } from './english.ts'
import { fetchCatalogue, NeedsConnectionError } from './fetchTranslations.ts'
import { defaultLocale, type Locale } from './locales.ts'
import { keepValuesLiteral } from '../domain/literalValues.ts'
import { withRetry, type RetryOptions } from './retry.ts'

keepValuesLiteral(i18n)

// English ships with the code (./english.ts) so the first paint never waits for the network.
i18n.activate(defaultLocale)

const loaded = new Set<Locale>([defaultLocale])
const loading = new Map<Locale, Promise<void>>()

export function isLoaded(locale: Locale): boolean {
  return loaded.has(locale)
}

/**
 * Loads a language's catalogue once, from /i18n/{lng}.json with up to 5 retries (from 350 ms, doubling);
 * none when offline with nothing cached (NeedsConnectionError). Showing it is the caller's step.
 */
export function loadCatalogue(locale: Locale, options: RetryOptions = {}): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve()
  let pending = loading.get(locale)
  if (!pending) {
    pending = withRetry(() => fetchCatalogue(locale), { shouldRetry: (e) => !(e instanceof NeedsConnectionError), ...options })
      .then((messages) => {
        // A catalogue older than this code (the worker's stale copy after an update) lacks the messages whose ids
        // changed: those show in English rather than as bare ids.
        i18n.load(locale, withEnglish(locale, messages))
        loaded.add(locale)
      })
      .finally(() => loading.delete(locale))
    loading.set(locale, pending)
  }
  return pending
}

export { i18n }
