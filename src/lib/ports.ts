import type { User } from '../domain/account.ts'
import type { Fact } from '../domain/events.ts'
import type { Order } from '../domain/order.ts'
import type { Service } from '../domain/service.ts'
import type { OutboxRow } from '../store/rows.ts'

// The ports a machine's effects take (`provide<Name>(ports)` in its <name>Effects.ts): what an effect touches
// outside the machine. The app passes the device's adapters (src/lib/devicePorts.ts); the machine lab passes its
// own (src/devtools/lab/labPorts.ts: the lab log, the tester's failure modes, the sandbox server); tests pass theirs.

/** Where an effect keeps facts: the device's log in the app, the lab log in the lab. */
export interface FactStore {
  /** Appends the fact and applies its projections in one transaction. */
  commit(fact: Fact): Promise<unknown>
  /** Commits the facts and queues `row` for the outbox, together or not at all. */
  commitWithOutbox(facts: Fact | readonly Fact[], row: OutboxRow): Promise<void>
}

/** The outbox: what is queued goes out. */
export interface OutboxPort {
  /** Sends the queued writes of `kind` now; resolves with what became of them, as the kind reports it. */
  sendNow(kind: string): Promise<unknown[]>
}

/** What the customer is told in passing. */
export interface Toasts {
  show(text: string, durationMs?: number): unknown
  success(text: string, durationMs?: number): unknown
  error(text: string, durationMs?: number): unknown
}

/** Whether the device has a connection now. */
export type Online = () => boolean

/** The app's session: a customer the server already signed in (a new account, a new password) is followed. */
export interface SessionPort {
  adopt(user: User): Promise<void>
}

/** The device's copies of what the server answered, kept so a page shows them before (or without) asking again. */
export interface AnswerCache {
  saveOrder(customerId: number, order: Order, fetchedAt: string): Promise<void>
  saveServiceAnswer(customerId: number, service: Service, fetchedAt: string): Promise<void>
}
