import { useSyncExternalStore } from 'react'
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { languageMachine } from '../../machines/language.machine.ts'
import { actorStore, useActorStore, type Running } from '../lib/actorStore.ts'
import { prepareChoice, provideLanguage, tellFailure } from './languageEffects.ts'
import type { Locale } from './locales.ts'

// The store and Dexie load on demand, and the language machine (with xstate) once the app runs: the header's
// selector is part of the first paint's JS.

type LanguageActor = ActorRefFrom<typeof languageMachine>
type LanguageSnapshot = SnapshotFrom<typeof languageMachine>

/** The language machine with the page's effects; it loads with xstate once the app runs, not with the first paint. */
async function loadLanguage(): Promise<Running<LanguageActor>> {
  const [{ createActor, fromCallback, fromPromise }, { languageMachine }] = await Promise.all([import('xstate'), import('../../machines/language.machine.ts')])
  return { actor: createActor(provideLanguage(languageMachine, { fromCallback, fromPromise })).start() }
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
  prepareChoice(locale)
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
