import { i18n, type Messages } from '@lingui/core'
import { messages } from '../../locales/en.po'

/**
 * The storefront's English, which ships with the code so a page never waits for the network to show it. The tests
 * and `npm run dev` import the whole catalogue here; the build leaves this import empty and gives each module the
 * messages it shows (tools/vite/englishByModule.ts), so a first visit carries its first screens' English and a lazy
 * route brings its own, added here when its module runs: before any of its code can show one.
 */
export const storefrontEnglish: Messages = { ...messages }

// The object Lingui holds for English: kept apart from storefrontEnglish, as later loads (the lab's messages) merge into it.
const shownEnglish: Messages = { ...messages }
i18n.load('en', shownEnglish)

/** Each other language's catalogue as it was loaded: the English a module adds fills only what one lacks. */
const translated = new Map<string, Readonly<Messages>>()

/**
 * A language's catalogue with English for the messages it lacks (a copy older than this code, the worker's stale one
 * after an update, lacks those whose ids changed): they show in English rather than as bare ids, also those of
 * modules that run later.
 */
export function withEnglish(locale: string, messages: Readonly<Messages>): Messages {
  translated.set(locale, messages)
  return { ...storefrontEnglish, ...messages }
}

/** A module's English, added as the module runs (the build writes the call); Lingui holds the same object, so nothing re-renders. */
export function addEnglish(messages: Readonly<Messages>): void {
  Object.assign(storefrontEnglish, messages)
  Object.assign(shownEnglish, messages)
  for (const [locale, catalogue] of translated) {
    const lacking = Object.fromEntries(Object.entries(messages).filter(([id]) => !Object.hasOwn(catalogue, id)))
    if (Object.keys(lacking).length > 0) i18n.load(locale, lacking)
  }
}
