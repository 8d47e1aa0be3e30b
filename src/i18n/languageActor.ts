import { createActor, fromCallback, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { languageMachine, type LanguageEvent, type RestoredChoice } from '../../machines/language.machine.ts'
import type { Language } from '../domain/language.ts'
import type { Running } from '../lib/actorStore.ts'

export type LanguageActor = ActorRefFrom<typeof languageMachine>
export type LanguageSnapshot = SnapshotFrom<typeof languageMachine>

/** What the language machine does to the page and the device, supplied by language.ts. */
export interface LanguageEffects {
  readChoice: () => Promise<RestoredChoice>
  load: (language: Language) => Promise<void>
  record: (language: Language) => Promise<void>
  /** Calls back with the log's latest choice, now and on every change; returns how to stop. */
  follow: (logged: (language: Language) => void) => () => void
  show: (language: Language) => void
  tellFailure: (language: Language, error: unknown) => void
  tellNotSaved: () => void
  isLoaded: (language: Language) => boolean
}

/** Creates and starts the language actor with the page's effects. */
export function startLanguage(effects: LanguageEffects): Running<LanguageActor> {
  const actor = createActor(
    languageMachine.provide({
      actors: {
        readChoice: fromPromise(() => effects.readChoice()),
        load: fromPromise(({ input }: { input: { language: Language } }) => effects.load(input.language)),
        record: fromPromise(({ input }: { input: { language: Language } }) => effects.record(input.language)),
        follow: fromCallback<LanguageEvent>(({ sendBack }) => effects.follow((language) => sendBack({ type: 'language.logged', language }))),
      },
      actions: {
        show: (_, { language }) => effects.show(language),
        tellFailure: (_, { language, error }) => effects.tellFailure(language, error),
        tellNotSaved: () => effects.tellNotSaved(),
      },
      guards: {
        catalogueLoaded: (_, { language }) => effects.isLoaded(language),
      },
    }),
  )
  actor.start()
  return { actor }
}
