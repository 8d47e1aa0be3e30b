import type * as v from 'valibot'
import type { AnyStateMachine } from 'xstate'
import type { Fact } from '../../domain/events.ts'
import type { StoreDb } from '../../store/db.ts'
import type { Session } from '../../lib/sessionStore.ts'

export const LAB_MACHINES = [
  'auth',
  'cart',
  'signup',
  'profileEdit',
  'passwordReset',
  'payment',
  'paymentWidget',
  'paymentStatus',
  'bundlePurchase',
  'outbox',
  'simRename',
  'serviceChange',
] as const
export type LabMachineId = (typeof LAB_MACHINES)[number]

/** How a machine's effects run: the sandboxes (real actors, lab log), or a fake outcome the tester picks. */
export const EFFECT_MODES = [
  'sandbox',
  'succeeds',
  'offline',
  'server500',
  'checkoutFails',
  'pending',
  'declined',
  'refused',
  'linkRefused',
  'simInactive',
  'storageFails',
] as const
export type EffectMode = (typeof EFFECT_MODES)[number]

/** One event type a machine accepts, as the lab offers it. */
export interface EventSpec {
  type: string
  /** What the event carries besides its type (the schemas of machines/*.events.ts). */
  schema: v.GenericSchema
  /** The editor's starting text, fitted to the context; absent when there is nothing to type. */
  template?: (context: never) => Record<string, unknown>
  /** Fields the sender fills in as the app does (the fact's id and time), kept out of the editor. */
  stamp?: () => Record<string, string>
}

/** What a lab effect may touch: the lab log, never the customer's. */
export interface LabIo {
  /**
   * Appends a fact to the lab log, recorded with the step that wrote it. A function decides first, in turn with
   * the other writes (null: nothing to write), as the app skips a sign-out when no customer is known.
   */
  write: (fact: Fact | (() => Promise<Fact | null>)) => void
  /** The lab database, for effects that read back what they wrote (the known customer, the cart). */
  db: () => Promise<StoreDb>
  /** The pause a fake takes, so the tester sees the state that waits for it. */
  delay: () => Promise<void>
  /** The storefront's session: the sandbox server answers only the tester signed in there. */
  session: () => Session
}

/** A machine as the lab drives it. */
export interface LabMachine {
  id: LabMachineId
  /** The machine as written, for its states and the pure transitions of a replay. */
  machine: AnyStateMachine
  events: EventSpec[]
  /** The effect modes that mean something for this machine; the first is the default. */
  modes: readonly EffectMode[]
  /** The machine with the mode's actors and lab actions (facts go to the lab log). */
  provide: (mode: EffectMode, io: LabIo) => AnyStateMachine
  /** For a machine that takes input: its schema and the starting points a tester picks from. */
  input?: { schema: v.GenericSchema; presets: Record<string, () => unknown> }
}
