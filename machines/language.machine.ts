import { assign, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate'
import { defined } from '../src/domain/defined.ts'
import type { Language } from '../src/domain/languageCodes.ts'

/** Why a language is being switched to: the customer's pick, the restore at start, or another tab's choice. */
export type SwitchCause = 'choice' | 'restore' | 'log'

export interface LanguageSwitch {
  language: Language
  cause: SwitchCause
  /** The choice is written to the log before it shows (only the customer's own picks are). */
  record: boolean
  /** Each switch takes a ticket; a later one overtakes it, and it never shows. */
  ticket: number
}

export interface LanguageContext {
  /** The language whose catalogue is loading (the selector shows it), or null. */
  loading: Language | null
  /** The switch under way, or the last one. */
  current: LanguageSwitch | null
  tickets: number
  /** The choice this tab last read from or wrote to the log; a different one in the log is another tab's. */
  seen: Language | null
  /** The log's latest choice as this tab last saw it: only a change of it is news. */
  logged: Language | null
  /** The customer picked a language in this tab: what the log held before is no longer theirs to be shown. */
  picked: boolean
}

/** The switch the display branch is working on: it is only entered with one. */
const shown = (context: LanguageContext): LanguageSwitch => defined(context.current, 'the language switch being shown')

/** What the restore reads: the log's last choice, and the language to show when there is none (the cookie hint's). */
export interface RestoredChoice {
  chosen: Language | null
  hinted: Language
}

export type LanguageEvent =
  /** The customer picked a language. */
  | { type: 'language.choose'; language: Language }
  /** Shows the language last chosen on this device, then follows the choices of other tabs. */
  | { type: 'language.restore' }
  /** The log's latest choice (any tab's, this one's included), from the follow actor. */
  | { type: 'language.logged'; language: Language }
  /** Raised by the machine itself: every way to a new language goes through it. */
  | { type: 'language.switch'; language: Language; cause: SwitchCause; record: boolean }

const switchTo = (language: Language, cause: SwitchCause, record = false) => ({ type: 'language.switch' as const, language, cause, record })

type SwitchEvent = Extract<LanguageEvent, { type: 'language.switch' }>

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    // Supplied by src/ with machine.provide(); the defaults know only English and keep nothing.
    readChoice: fromPromise<RestoredChoice>(async () => ({ chosen: null, hinted: 'en' })),
    /** Loads a language's catalogue (retrying); rejects when it cannot be had. */
    load: fromPromise<void, { language: Language }>(async () => {}),
    /** Writes the choice to the log; resolves once its transaction completed. */
    record: fromPromise<void, { language: Language }>(async () => {}),
    /** Sends `language.logged` with the log's latest choice, now and whenever any tab writes one. */
    follow: fromCallback<LanguageEvent>(() => () => {}),
  },
  actions: {
    /** Puts a loaded language on screen (and <html lang>, the manifest, the cookie hint). */
    show: (_, _params: { language: Language }) => {},
    /** Tells the customer, in the language still on screen, why the new one did not come. */
    tellFailure: (_, _params: { language: Language; error: unknown }) => {},
    /** Tells the customer the choice applies to this visit only: the device did not keep it. */
    tellNotSaved: () => {},
    /** A new switch takes the next ticket. */
    takeSwitch: assign(({ context }, params: SwitchEvent) => {
      const ticket = context.tickets + 1
      return { tickets: ticket, current: { language: params.language, cause: params.cause, record: params.record, ticket }, loading: null }
    }),
  },
  guards: {
    catalogueLoaded: (_, _params: { language: Language }) => false,
  },
}).createMachine({
  id: 'language',
  type: 'parallel',
  context: { loading: null, current: null, tickets: 0, seen: null, logged: null, picked: false },
  on: {
    'language.choose': { actions: [assign({ picked: true }), raise(({ event }) => switchTo(event.language, 'choice', true))] },
  },
  states: {
    log: {
      initial: 'idle',
      states: {
        idle: { on: { 'language.restore': 'restoring' } },
        restoring: {
          invoke: {
            src: 'readChoice',
            onDone: {
              target: 'following',
              // A language picked in this tab stands, whether picked while the log was read or before: the older
              // choice, or the cookie's, must not overtake it, even while its catalogue is still on its way.
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { chosen, hinted } = event.output
                enqueue.assign({ logged: chosen })
                if (context.picked) return
                enqueue.assign({ seen: chosen })
                enqueue.raise(switchTo(chosen ?? hinted, 'restore'))
              }),
            },
          },
        },
        following: {
          invoke: { src: 'follow' },
          on: {
            'language.logged': {
              guard: ({ context, event }) => event.language !== context.logged,
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.assign({ logged: event.language })
                if (event.language === context.seen) return
                enqueue.assign({ seen: event.language })
                enqueue.raise(switchTo(event.language, 'log'))
              }),
            },
          },
        },
      },
    },
    display: {
      initial: 'idle',
      // From any other display state; the one under way is overtaken below.
      on: { 'language.switch': { target: '.switching', actions: { type: 'takeSwitch', params: ({ event }) => event } } },
      states: {
        /** The language the page started in. */
        idle: {},
        switching: {
          // A later switch overtakes this one: its load (or write) is left to finish unseen.
          on: { 'language.switch': { target: 'switching', reenter: true, actions: { type: 'takeSwitch', params: ({ event }) => event } } },
          initial: 'starting',
          states: {
            // A language already here shows at once: no loading state flashes in the selector.
            starting: {
              always: [
                { guard: { type: 'catalogueLoaded', params: ({ context }) => ({ language: shown(context).language }) }, target: 'loading' },
                { target: 'loading', actions: assign({ loading: ({ context }) => shown(context).language }) },
              ],
            },
            loading: {
              invoke: {
                src: 'load',
                input: ({ context }) => ({ language: shown(context).language }),
                onDone: [
                  {
                    // Written first, so a reload right after the switch keeps it.
                    guard: ({ context }) => shown(context).record && context.seen !== shown(context).language,
                    target: 'recording',
                    actions: assign({ seen: ({ context }) => shown(context).language }),
                  },
                  { target: '#language.display.committed' },
                ],
                onError: {
                  target: '#language.display.failed',
                  actions: [
                    assign({ loading: null }),
                    { type: 'tellFailure', params: ({ context, event }) => ({ language: shown(context).language, error: event.error }) },
                  ],
                },
              },
            },
            recording: {
              invoke: {
                src: 'record',
                input: ({ context }) => ({ language: shown(context).language }),
                onDone: { target: '#language.display.committed' },
                // A device that cannot save still shows the language for this visit; the customer is told.
                onError: { target: '#language.display.committed', actions: 'tellNotSaved' },
              },
            },
          },
        },
        /** The latest switch is on screen. */
        committed: {
          entry: [assign({ loading: null }), { type: 'show', params: ({ context }) => ({ language: shown(context).language }) }],
        },
        /** The latest switch could not load its language; the one before stays. */
        failed: {},
      },
    },
  },
})
