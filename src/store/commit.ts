import { Dexie } from 'dexie'
import type { Fact } from '../domain/events.ts'
import { checkFact } from '../domain/factCheck.ts'
import { openStore, type StoreDb } from './db.ts'
import { DuplicateFactError, InvalidFactError } from './errors.ts'
import type { AnyProjection } from './projection.ts'
import { registeredProjections } from './projections.ts'
import type { EventRow, ProjectionRow } from './rows.ts'
import { currentRow, SNAPSHOT_EVERY, snapshotDue } from './snapshots.ts'

export { DuplicateFactError, InvalidFactError } from './errors.ts'
export { restoreCart, restoreProjection } from './restore.ts'

export interface CommitOptions {
  db?: StoreDb
  projections?: readonly AnyProjection[]
  snapshotEvery?: number
}

/** Every table a commit writes: the log, the snapshots and each projection's table. */
export function commitTables(store: StoreDb, projections: readonly AnyProjection[] = registeredProjections()) {
  return [store.events, store.snapshots, ...new Set(projections.map((p) => store.table(p.table)))]
}

/** The fact as its definition has it (a stored row's seq dropped: the log assigns seq); throws InvalidFactError. */
function checked(fact: Fact): Fact {
  const result = checkFact(fact)
  if (!result.ok) throw new InvalidFactError(fact.id, result.problem)
  return result.fact
}

/**
 * Appends a fact and folds it into every projection in one transaction: log and read models never disagree. A fact
 * its definition refuses throws before the transaction opens.
 */
export async function commit(given: Fact, options: CommitOptions = {}): Promise<EventRow> {
  const fact = checked(given)
  const store = options.db ?? (await openStore()).db
  const projections = options.projections ?? registeredProjections()
  const every = options.snapshotEvery ?? SNAPSHOT_EVERY
  return store.transaction('rw', commitTables(store, projections), async () => {
    if ((await store.events.where('id').equals(fact.id).count()) > 0) throw new DuplicateFactError(fact.id)
    // Read before appending: a rebuild must not already contain the new fact.
    const before = await Promise.all(projections.map((projection) => currentRow(store, projection)))
    const seq = await append(store, fact)
    const row: EventRow = { ...fact, seq }
    for (const [index, projection] of projections.entries()) {
      const { state } = before[index] ?? (await currentRow(store, projection))
      const next: ProjectionRow = { name: projection.name, version: projection.version, seq, state: projection.apply(state, row) }
      await store.table<ProjectionRow, string>(projection.table).put(next)
      if (await snapshotDue(store, projection, seq, every)) await store.snapshots.put(next)
    }
    return row
  })
}

/** Commits several facts, in order, in one transaction: all of them land or none. */
export async function commitAll(given: readonly Fact[], options: CommitOptions = {}): Promise<void> {
  const facts = given.map(checked)
  const store = options.db ?? (await openStore()).db
  await store.transaction('rw', commitTables(store, options.projections), async () => {
    for (const fact of facts) await commit(fact, { ...options, db: store })
  })
}

async function append(store: StoreDb, fact: Fact): Promise<number> {
  try {
    return await store.events.add(fact)
  } catch (error) {
    // Another writer may slip the same id in between the check and the add.
    if (error instanceof Dexie.ConstraintError) throw new DuplicateFactError(fact.id)
    throw error
  }
}
