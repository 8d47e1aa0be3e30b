import { claim, isAnswered, isOpen, pendingEntry, settle, type SendOutcome } from './lifecycle.ts'
import type { Fact } from '../domain/events.ts'
import { commit, commitTables } from '../store/commit.ts'
import { openStore, type StoreDb } from '../store/db.ts'
import type { OutboxRow } from '../store/rows.ts'

let lastQueuedAt = 0

/** Rows queued in the same millisecond still go in the order they were queued: each is dated at least 1 ms after the last. */
function queuedAt(now: Date): string {
  lastQueuedAt = Math.max(now.getTime(), lastQueuedAt + 1)
  return new Date(lastQueuedAt).toISOString()
}

/** A queued write of `kind`, made now: `id` is its Idempotency-Key, `customerId` the only session that may send it. */
export function queuedRow(id: string, kind: string, request: unknown, customerId?: number, now: Date = new Date()): OutboxRow {
  return { id, kind, request, ...pendingEntry(), createdAt: queuedAt(now), ...(customerId === undefined ? {} : { customerId }) }
}

/** Every table commit() may write, plus the outbox: a fact and its queued write land together or not at all. */
function factAndOutboxTables(store: StoreDb) {
  return [...commitTables(store), store.outbox]
}

/** Commits the facts, in order, and queues `row` in one transaction. */
export async function commitWithOutbox(facts: Fact | readonly Fact[], row: OutboxRow, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.transaction('rw', factAndOutboxTables(store), async () => {
    for (const fact of Array.isArray(facts) ? facts : [facts]) await commit(fact, { db: store })
    await store.outbox.add(row)
  })
}

/** Queues a write that has no fact of its own to go with (a logout: its fact is the sign-out itself). */
export async function enqueue(row: OutboxRow, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.outbox.add(row)
}

/** Marks a row as being sent (one more attempt); undefined when it is gone or already answered. */
export async function claimRow(id: string, given?: StoreDb): Promise<OutboxRow | undefined> {
  const store = given ?? (await openStore()).db
  return store.transaction('rw', store.outbox, async () => {
    const row = await store.outbox.get(id)
    if (!row || row.status === 'acknowledged' || row.status === 'rejected') return undefined
    const claimed = claim(row)
    await store.outbox.put(claimed)
    return claimed
  })
}

/** Records an attempt's outcome, with the fact it yields (acknowledged, rejected) in the same transaction. */
export async function settleRow(
  id: string,
  outcome: SendOutcome,
  options: { fact?: Fact; error?: string | null; now?: Date; db?: StoreDb; keep?: Partial<Pick<OutboxRow, 'request' | 'answer'>> } = {},
): Promise<OutboxRow | undefined> {
  const store = options.db ?? (await openStore()).db
  return store.transaction('rw', factAndOutboxTables(store), async () => {
    const row = await store.outbox.get(id)
    if (!row) return undefined
    // Another sender (a tab, the worker's replay seen through a later drain) may have answered it already: that
    // answer stands, and its fact is not committed twice.
    if (isAnswered(row)) return row
    const settled = settle(row, outcome, options.now ?? new Date(), options.error ?? null)
    // `keep` lands only with an answer: a sent message keeps its reference and forgets its text in the same write.
    const next = settled.status === 'acknowledged' || settled.status === 'rejected' ? { ...settled, ...options.keep } : settled
    await store.outbox.put(next)
    if (options.fact && (next.status === 'acknowledged' || next.status === 'rejected')) await commit(options.fact, { db: store })
    return next
  })
}

/** The open rows of one kind, oldest first. */
export async function openRows(kind: string, given?: StoreDb): Promise<OutboxRow[]> {
  const store = given ?? (await openStore()).db
  const rows = await store.outbox.orderBy('createdAt').toArray()
  return rows.filter((r) => r.kind === kind && (r.status === 'pending' || r.status === 'sending' || r.status === 'retrying'))
}

/** Every row of one kind queued by `customerId`, oldest first, whatever its state: for a screen that shows them. */
export async function customerRows(kind: string, customerId: number, given?: StoreDb): Promise<OutboxRow[]> {
  const store = given ?? (await openStore()).db
  return store.outbox
    .orderBy('createdAt')
    .filter((r) => r.kind === kind && r.customerId === customerId)
    .toArray()
}

/** What enqueueCollapsed needs to know of a kind whose writes may be collapsed and capped. */
export interface Collapsing {
  /** Whether an open row already carries the same write. */
  same(row: OutboxRow): boolean
  /** The request the matching row keeps once this write is collapsed into it. */
  merge(row: OutboxRow): unknown
  /** How many open rows of the kind the device keeps: the oldest go first. */
  cap: number
}

/**
 * Queues `row` unless a row of its kind waiting to be sent carries the same write (then that row takes it, by
 * `merge`), and keeps no more than `cap` open rows of the kind, dropping the oldest: for writes that are worth less
 * than the room they take (error reports).
 */
export async function enqueueCollapsed(row: OutboxRow, { same, merge, cap }: Collapsing, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.transaction('rw', store.outbox, async () => {
    const open = (await store.outbox.orderBy('createdAt').toArray()).filter((r) => r.kind === row.kind && isOpen(r))
    // A row being sent keeps its request: what the server heard is what it answers for.
    const match = open.find((r) => r.status !== 'sending' && same(r))
    if (match) return void (await store.outbox.put({ ...match, request: merge(match) }))
    await store.outbox.add(row)
    const over = open.length + 1 - cap
    if (over > 0) await store.outbox.bulkDelete(open.slice(0, over).map((r) => r.id))
  })
}

/** Forgets a row once it is answered, for kinds no screen shows. */
export async function dropRow(id: string, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.outbox.delete(id)
}
