import { useSyncExternalStore } from 'react'
import { t } from '@lingui/core/macro'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { LanguageEvent, RestoredChoice, languageMachine } from '../../machines/language.machine.ts'
import { actorStore, useActorStore, type Running } from '../lib/actorStore.ts'
import { toast } from '../lib/toaster.ts'
import { NeedsConnectionError } from './fetchTranslations.ts'
import { i18n, isLoaded, loadCatalogue } from './i18n.ts'
import { readLanguageHint, writeLanguageHint } from './languageHint.ts'
import { defaultLocale, locales, type Locale } from './locales.ts'
import { linkManifest } from '../pwa/manifest.ts'

// The store and Dexie load on demand, and the language machine (with xstate) once the app runs: the header's
// selector is part of the first paint's JS.

type LanguageActor = ActorRefFrom<typeof languageMachine>
type LanguageSnapshot = SnapshotFrom<typeof languageMachine>

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

/** The language machine with the page's effects; it loads with xstate once the app runs, not with the first paint. */
async function loadLanguage(): Promise<Running<LanguageActor>> {
  const [{ createActor, fromCallback, fromPromise }, { languageMachine }] = await Promise.all([import('xstate'), import('../../machines/language.machine.ts')])
  const machine = languageMachine.provide({
    actors: {
      readChoice: fromPromise(readRestoredChoice),
      load: fromPromise(({ input }: { input: { language: Locale } }) => loadCatalogue(input.language)),
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
  return { actor: createActor(machine).start() }
}

const language = actorStore({
  load: loadLanguage,
  view: (snapshot: LanguageSnapshot) => snapshot,
  initial: undefined,
})

/** The switch with this ticket is over: shown, failed, or overtaken by a later one. */
const switchSettled = (snapshot: LanguageSnapshot, ticket: number) => snapshot.context.current?.ticket !== ticket || !snapshot.matches({ display: 'switching' })

/** The restore is over: the log was read, and the language it chose is shown, failed, or overtaken. */
const restoreSettled = (snapshot: LanguageSnapshot) =>
  snapshot.matches({ log: 'following' }) && !(snapshot.matches({ display: 'switching' }) && snapshot.context.current?.cause === 'restore')

/** Loads and starts the language machine ahead of its first use (the selector has the customer's attention). */
export const startLanguage = (): Promise<LanguageActor> => language.start()

/**
 * The customer picked a language: once loaded it is recorded as a fact, then shown; reloads and the other tabs
 * follow. Until it is loaded the current language stays on screen and the selector shows the new one loading.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  ask(locale)
  const actor = await language.start().catch((error: unknown) => tellFailure(error, locale))
  asked(locale)
  if (!actor) return
  actor.send({ type: 'language.choose', language: locale })
  const { tickets } = actor.getSnapshot().context
  await language.when((snapshot) => snapshot === undefined || switchSettled(snapshot, tickets))
}

/** Shows the language last chosen on this device (English when none), then follows the choices of other tabs. */
export async function restoreChoice(): Promise<void> {
  // Without the machine's code (not cached, no network) the page keeps the language it started in.
  const actor = await language.start().catch(() => undefined)
  if (!actor) return
  actor.send({ type: 'language.restore' })
  await language.when((snapshot) => snapshot === undefined || restoreSettled(snapshot))
}

// The last pick made while the language machine was still loading: the selector shows it from the pick on.
let requested: Locale | null = null
const requestListeners = new Set<() => void>()
const setRequested = (locale: Locale | null) => {
  requested = locale
  for (const listener of [...requestListeners]) listener()
}
const ask = (locale: Locale) => setRequested(locale)
// Handed to the machine (a later pick is still waiting, and stays shown).
const asked = (locale: Locale) => requested === locale && setRequested(null)
const subscribeRequested = (listener: () => void) => {
  requestListeners.add(listener)
  return () => void requestListeners.delete(listener)
}

/** The language whose catalogue is loading, or null. */
export function loadingLanguage(): Locale | null {
  return language.get()?.context.loading ?? requested
}

/** The language whose catalogue is loading, or a pick waiting for the machine (the selector shows it), or null. */
export function useLoadingLanguage(): Locale | null {
  const loading = useActorStore(language, (snapshot) => snapshot?.context.loading ?? null)
  const waiting = useSyncExternalStore(
    subscribeRequested,
    () => requested,
    () => null,
  )
  return loading ?? waiting
}
