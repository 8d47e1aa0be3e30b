import type { StoreDb } from './db.ts'
import type { AnyProjection } from './projection.ts'
import { readFact } from './readFact.ts'
import type { ProjectionRow } from './rows.ts'

/** How many facts may follow a snapshot before the next one is taken. */
export const SNAPSHOT_EVERY = 50

export interface Rebuilt {
  row: ProjectionRow
  /** Facts folded after the snapshot. */
  tail: number
  /** Whether a snapshot of the current version was the starting point. */
  fromSnapshot: boolean
}

/**
 * Folds the facts after the last current-version snapshot; an older snapshot is ignored, a row that is not a fact is
 * skipped. Call inside a transaction.
 */
export async function rebuild(store: StoreDb, projection: AnyProjection): Promise<Rebuilt> {
  const snapshot = await store.snapshots.get(projection.name)
  const fromSnapshot = snapshot !== undefined && snapshot.version === projection.version
  let state = fromSnapshot ? snapshot.state : projection.initial()
  let seq = fromSnapshot ? snapshot.seq : 0
  let tail = 0
  // The primary key range keeps a cold start proportional to the tail, not the log.
  await store.events
    .where('seq')
    .above(seq)
    .each((row) => {
      const fact = readFact(row)
      if (fact) state = projection.apply(state, fact)
      seq = row.seq
      tail += 1
    })
  return { row: { name: projection.name, version: projection.version, seq, state }, tail, fromSnapshot }
}

/** The projection's row as last written, or a rebuild when it is missing or of an older version. */
export async function currentRow(store: StoreDb, projection: AnyProjection): Promise<ProjectionRow> {
  const row = await store.table<ProjectionRow, string>(projection.table).get(projection.name)
  if (row && row.version === projection.version) return row
  return (await rebuild(store, projection)).row
}

/** True when the snapshot should be renewed after folding up to `seq`. */
export async function snapshotDue(store: StoreDb, projection: AnyProjection, seq: number, every: number): Promise<boolean> {
  const snapshot = await store.snapshots.get(projection.name)
  const base = snapshot && snapshot.version === projection.version ? snapshot.seq : 0
  return seq - base >= every
}
