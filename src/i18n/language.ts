import { useSyncExternalStore } from 'react'
import { t } from '@lingui/core/macro'
import { toast } from '../lib/toaster.ts'
import { NeedsConnectionError } from './catalogue.ts'
import { i18n, isLoaded, loadCatalogue } from './i18n.ts'
import { readLanguageHint, writeLanguageHint } from './languageHint.ts'
import { defaultLocale, locales, type Locale } from './locales.ts'
import { linkManifest } from '../pwa/manifest.ts'

// The store and Dexie load on demand: the header's selector is part of the first paint's JS.

let loadingLocale: Locale | null = null
const listeners = new Set<() => void>()
// Each switch takes a ticket; a switch overtaken by a later one does not show its language when it lands.
let ticket = 0
/** The choice this tab last read from or wrote to the log; a different one in the log is another tab's. */
let seen: Locale | null = null
let following = false
/** The customer picked a language in this tab: what the log held before is no longer theirs to be shown. */
let picked = false
function setLoading(next: Locale | null): void {
  if (next === loadingLocale) return
  loadingLocale = next
  for (const listener of listeners) listener()
}

/** Shows a loaded language: Lingui re-renders, and <html lang> and the server's cookie hint follow. */
function showLanguage(locale: Locale): void {
  i18n.activate(locale)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale
    linkManifest(locale)
  }
  writeLanguageHint(locale)
}

/**
 * Shows `locale` once its catalogue is loaded; until then the current language stays on screen and the selector
 * shows the new one loading. `beforeShow` runs between loading and showing (the choice is written to the log
 * first, so a reload right after the switch keeps it). Resolves false when a later switch overtook this one;
 * rejects when loading failed.
 */
async function switchTo(locale: Locale, beforeShow?: () => Promise<void>): Promise<boolean> {
  const mine = ++ticket
  // A language already here shows at once: no loading state flashes in the selector.
  setLoading(isLoaded(locale) ? null : locale)
  try {
    await loadCatalogue(locale)
  } catch (error) {
    if (mine !== ticket) return false
    setLoading(null)
    throw error
  }
  if (mine !== ticket) return false
  // The choice shows only once its fact's transaction completed: a reload right after keeps it.
  if (beforeShow) await beforeShow()
  if (mine !== ticket) return false
  setLoading(null)
  showLanguage(locale)
  return true
}

/** Tells the customer, in the language still on screen, why the new one did not come. */
function tellFailure(error: unknown, locale: Locale): void {
  const name = locales[locale]
  toast.error(
    error instanceof NeedsConnectionError
      ? t`You need to be online to choose ${name} for the first time. Please try again when you are back online.`
      : t`Could not load that language. Please try again.`,
    3000,
  )
}

async function recordChoice(language: Locale): Promise<void> {
  const [{ commit }, { makeFact }, { stampNow }] = await Promise.all([import('../store/commit.ts'), import('../domain/events.ts'), import('../lib/ids.ts')])
  await commit(makeFact('v1.LanguageChosen', { language }, stampNow()))
}

/** The customer picked a language: once loaded it is recorded as a fact, then shown; reloads and the other tabs follow. */
export async function chooseLanguage(locale: Locale): Promise<void> {
  picked = true
  const record = async () => {
    if (seen === locale) return
    seen = locale
    // A device that cannot save still shows the language for this visit (and the cookie hint keeps it for the
    // server's pages); the customer is told that the device did not keep the choice.
    await recordChoice(locale).catch(() =>
      toast.error(t`Your language choice could not be saved on this device. It applies to this visit only.`, 3000),
    )
  }
  try {
    await switchTo(locale, record)
  } catch (error) {
    tellFailure(error, locale)
  }
}

async function readChoice(): Promise<Locale | null> {
  try {
    const [{ openStore }, { readChosenLanguage }] = await Promise.all([import('../store/db.ts'), import('../store/queries.ts')])
    await openStore()
    return await readChosenLanguage()
  } catch {
    return null
  }
}

/** Every open tab shows the language chosen last in any of them (Dexie tells each tab of the others' writes). */
async function followOtherTabs(known: Locale | null): Promise<void> {
  if (following) return
  following = true
  const [{ liveQuery }, { openStore }, { readChosenLanguage }] = await Promise.all([
    import('dexie'),
    import('../store/db.ts'),
    import('../store/queries.ts'),
  ])
  // Open first: a live query that awaits the opening is no longer observed.
  await openStore()
  // Only a change of the log is another tab's choice: what it held when this tab read it is not news (this tab
  // may be writing a newer choice of its own at this very moment).
  let logged = known
  liveQuery(() => readChosenLanguage()).subscribe({
    next: (chosen) => {
      if (!chosen || chosen === logged) return
      logged = chosen
      if (chosen === seen) return
      seen = chosen
      switchTo(chosen).catch((error: unknown) => tellFailure(error, chosen))
    },
    // A failed read leaves this tab's language as it is.
    error: () => {},
  })
}

/** Shows the language last chosen on this device (English when none), then follows the choices of other tabs. */
export async function restoreChoice(): Promise<void> {
  const chosen = await readChoice()
  // A language the customer picked in this tab stands, whether picked while the log was read or before the restore
  // began (on a page the server drew, the restore waits for an idle moment after hydration): the older choice,
  // or the cookie's, must not overtake it, even while its catalogue is still on its way.
  if (!picked) {
    seen = chosen
    // No choice in the log (its storage cleared, or refused): the cookie hint this device kept beside it still knows.
    const locale = chosen ?? readLanguageHint(typeof document === 'undefined' ? null : document.cookie) ?? defaultLocale
    try {
      await switchTo(locale)
    } catch (error) {
      tellFailure(error, locale)
    }
  }
  void followOtherTabs(chosen).catch(() => undefined)
}

/** The language whose catalogue is loading, or null. */
export function loadingLanguage(): Locale | null {
  return loadingLocale
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The language whose catalogue is loading (the selector shows it), or null. */
export function useLoadingLanguage(): Locale | null {
  return useSyncExternalStore(subscribe, loadingLanguage, () => null)
}
