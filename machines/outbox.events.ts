import * as v from 'valibot'

/** Who is signed in, as the outbox knows it: a customer's id, null for nobody, undefined until the session is known. */
export type SignedIn = number | null | undefined

/** What starts a drain of the outbox (dotted, present tense). */
export type OutboxEvent =
  /** The app started: writes an earlier visit left go out. */
  | { type: 'outbox.started' }
  /** The connection is back (the browser, the server or the worker said so): writes that waited for it go now. */
  | { type: 'outbox.connected' }
  /** A write of `kind` was queued, or a caller needs that kind sent before it goes on: the kind's writes go now. */
  | { type: 'outbox.queued'; kind: string }
  /** A customer is signed in now: their own writes may go under their session. */
  | { type: 'outbox.signedIn'; customerId: number }
  /** Nobody is signed in now: no customer's write goes under a session. */
  | { type: 'outbox.signedOut' }

/** Which writes one drain sends, and whether their wait may be skipped. */
export interface DrainRequest {
  /** Skip the wait of writes that waited for the connection (the writes' kind decides which); not for the wake-up timer. */
  force: boolean
  /** Only writes of these kinds; null for every kind. */
  kinds: readonly string[] | null
}

/** What the drain effect is given: the request and who is signed in. */
export interface DrainInput extends DrainRequest {
  signedIn: SignedIn
}

/** What one drain reports: what became of the writes it sent, by kind, and when the next one is due. */
export interface DrainReport {
  outcomes: Readonly<Record<string, readonly unknown[]>>
  /** Time until the earliest waiting write is due (ms), or null when none waits. */
  waitMs: number | null
}

export interface OutboxInput {
  /** Who is signed in when the outbox starts, when the session is already known. */
  signedIn?: SignedIn
}

const Nothing = v.object({})

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const outboxEventSchemas = {
  'outbox.started': Nothing,
  'outbox.connected': Nothing,
  'outbox.queued': v.object({ kind: v.pipe(v.string(), v.minLength(1)) }),
  'outbox.signedIn': v.object({ customerId: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  'outbox.signedOut': Nothing,
} satisfies Record<OutboxEvent['type'], v.GenericSchema>
