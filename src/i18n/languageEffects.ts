import { t } from '@lingui/core/macro'
import type * as xstate from 'xstate'
import type { LanguageEvent, RestoredChoice, languageMachine } from '../../machines/language.machine.ts'
import { toast } from '../lib/toaster.ts'
import { linkManifest } from '../pwa/manifest.ts'
import { NeedsConnectionError } from './fetchTranslations.ts'
import { i18n, isLoaded, loadCatalogue } from './i18n.ts'
import { readLanguageHint, writeLanguageHint } from './languageHint.ts'
import { defaultLocale, locales, type Locale } from './locales.ts'

// Nothing here imports xstate, the machine, the store or Dexie: the header's selector is part of the first paint's
// JS, and those load on demand (the machine and xstate are handed in once the app runs).

/** Shows a loaded language: Lingui re-renders, and <html lang> and the server's cookie hint follow. */
function showLanguage(locale: Locale): void {
  i18n.activate(locale)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale
    linkManifest(locale)
  }
  writeLanguageHint(locale)
}

/** Tells the customer, in the language still on screen, why the new one did not come. */
export function tellFailure(error: unknown, locale: Locale): void {
  const name = locales[locale]
  toast.error(
    error instanceof NeedsConnectionError
      ? t`You need to be online to choose ${name} for the first time. Please try again when you are back online.`
      : t`Could not load that language. Please try again.`,
    3000,
  )
}

/** The code a choice is recorded with (the store, with Dexie, and the outbox), loaded on demand. */
const recordingCode = () => import('./recordLanguage.ts')

/** Sends the queued writes of a kind now (the app's outbox, given by src/app/services.ts); until then they wait for its next drain. */
let sendQueued: (kind: string) => void = () => {}

/** The outbox a signed-in customer's pick is sent through: the app's, once it is built. */
export function sendLanguageChoicesWith(send: (kind: string) => void): void {
  sendQueued = send
}

/**
 * Starts what a customer's pick needs while the language machine itself loads: the catalogue (the machine's load then
 * takes this very request and its answer) and the code that records the choice. A pick waits for the slowest of the three,
 * not for their sum. A failure here is the machine's to meet and tell: it asks again.
 */
export function prepareChoice(locale: Locale): void {
  prepared = isLoaded(locale) ? undefined : { locale, answer: loadCatalogue(locale) }
  prepared?.answer.catch(() => undefined)
  recordingCode().catch(() => undefined)
}

/** The catalogue a pick started loading, taken once by the machine's load, whose answer (a failure too) it is. */
let prepared: { locale: Locale; answer: Promise<void> } | undefined

function loadForMachine(locale: Locale): Promise<void> {
  const started = prepared?.locale === locale ? prepared.answer : undefined
  prepared = undefined
  return started ?? loadCatalogue(locale)
}

/** Writes the pick to the log and, for a signed-in customer, queues it for their account (src/i18n/recordLanguage.ts). */
async function recordChoice(language: Locale): Promise<void> {
  const { recordLanguage } = await recordingCode()
  const queued = await recordLanguage(language)
  if (queued) sendQueued(queued)
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

/** Calls back with the log's latest choice, now and whenever any tab writes one (Dexie tells each tab of the others'). */
function followChoices(logged: (language: Locale) => void): () => void {
  let stopped = false
  let stop = () => {}
  void (async () => {
    const [{ liveQuery }, { openStore }, { readChosenLanguage }] = await Promise.all([import('dexie'), import('../store/db.ts'), import('../store/queries.ts')])
    // Open first: a live query that awaits the opening is no longer observed.
    await openStore()
    if (stopped) return
    // A failed read leaves this tab's language as it is.
    const subscription = liveQuery(() => readChosenLanguage()).subscribe({ next: (chosen) => chosen && logged(chosen), error: () => {} })
    stop = () => subscription.unsubscribe()
  })().catch(() => undefined)
  return () => {
    stopped = true
    stop()
  }
}

/** Reads the log's last choice; none (its storage cleared, or refused): the cookie hint this device kept beside it. */
async function readRestoredChoice(): Promise<RestoredChoice> {
  const chosen = await readChoice()
  const hinted = readLanguageHint(typeof document === 'undefined' ? null : document.cookie) ?? defaultLocale
  return { chosen, hinted }
}

/** The language machine with the page's effects; xstate's actor makers are handed in, loaded with the machine once the app runs. */
export function provideLanguage(machine: typeof languageMachine, { fromCallback, fromPromise }: Pick<typeof xstate, 'fromCallback' | 'fromPromise'>) {
  return machine.provide({
    actors: {
      readChoice: fromPromise(readRestoredChoice),
      load: fromPromise(({ input }: { input: { language: Locale } }) => loadForMachine(input.language)),
      record: fromPromise(({ input }: { input: { language: Locale } }) => recordChoice(input.language)),
      follow: fromCallback<LanguageEvent>(({ sendBack }) => followChoices((language) => sendBack({ type: 'language.logged', language }))),
    },
    actions: {
      show: (_, { language }) => showLanguage(language),
      tellFailure: (_, { language, error }) => tellFailure(error, language),
      // A device that cannot save still shows the language for this visit (and the cookie hint keeps it for the
      // server's pages); the customer is told that the device did not keep the choice.
      tellNotSaved: () => toast.error(t`Your language choice could not be saved on this device. It applies to this visit only.`, 3000),
    },
    guards: {
      catalogueLoaded: (_, { language }) => isLoaded(language),
    },
  })
}
