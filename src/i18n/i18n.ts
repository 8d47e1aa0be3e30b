import { i18n, type Messages } from '@lingui/core'
import { messages as en } from '../../locales/en.po'
import { defaultLocale, type Locale } from './locales.ts'
import { withRetry } from './retry.ts'
import * as v from 'valibot'

// Compiled messages are strings or ICU token arrays; the shape is Lingui's own.
const CatalogueSchema = v.object({ messages: v.record(v.string(), v.unknown()) })

// English ships in the bundle so the first paint never waits for the network.
i18n.load(defaultLocale, en)
i18n.activate(defaultLocale)

const loaded = new Set<Locale>([defaultLocale])

async function fetchCatalogue(locale: Locale): Promise<Messages> {
  const response = await fetch(`/i18n/${locale}.json`)
  if (!response.ok) throw new Error(`Could not load the ${locale} translations (${response.status})`)
  const body = v.parse(CatalogueSchema, await response.json())
  return body.messages as Messages
}

/** Switches the UI language, loading its catalogue from /i18n/{lng}.json with retries. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    i18n.load(locale, await withRetry(() => fetchCatalogue(locale)))
    loaded.add(locale)
  }
  i18n.activate(locale)
  document.documentElement.lang = locale
}

export { i18n }
