import * as v from 'valibot'
import type { SendOutcome } from './outbox.lifecycle.ts'

/** What moves one queued write on (dotted, present tense); each carries the sender's clock, the machine has none. */
export type OutboxEvent =
  /** A drain reaches the entry and sends it now (the app started, the connection returned). */
  | { type: 'outbox.send'; at: string }
  /** Time passes: a retrying entry whose wait is over is sent. */
  | { type: 'outbox.tick'; at: string }

/** One attempt's outcome, as the sending effect reports it. */
export interface SendReport {
  outcome: SendOutcome
  /** When the outcome came (ISO). */
  at: string
  /** The server's error text, for the entry's lastError and a rejection's reason. */
  error?: string
  /** The server's answer to a write it accepted. */
  answer?: unknown
}

export interface OutboxInput {
  /** The write's client id, also its Idempotency-Key. */
  clientId: string
  /** When the write was queued (ISO). */
  queuedAt: string
}

const TimeSchema = v.pipe(v.string(), v.isoTimestamp())
const AtSchema = v.object({ at: TimeSchema })

/** OutboxInput checked. */
export const OutboxInputSchema = v.object({ clientId: v.pipe(v.string(), v.uuid()), queuedAt: TimeSchema })

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const outboxEventSchemas = {
  'outbox.send': AtSchema,
  'outbox.tick': AtSchema,
} satisfies Record<OutboxEvent['type'], v.GenericSchema>
