import type { CartState } from '../domain/cartState.ts'
import { openStore, type StoreDb } from './db.ts'
import { cartFamily } from '../domain/facts/cartFacts.ts'
import { eraseProjection, projectionOf, type AnyProjection } from './projection.ts'
import type { ProjectionRow } from './rows.ts'
import { rebuild, SNAPSHOT_EVERY } from './snapshots.ts'

export interface RestoreOptions {
  db?: StoreDb
  snapshotEvery?: number
}

/** The cart on start: last snapshot of the current version plus the later facts; no effect is re-run. */
export async function restoreCart(options: RestoreOptions = {}): Promise<CartState> {
  const store = options.db ?? (await openStore()).db
  const state = await restoreProjection(store, eraseProjection(projectionOf(cartFamily)), options.snapshotEvery)
  return state as CartState
}

/** Rebuilds a projection from snapshot plus tail, heals its row and renews a missing or stale snapshot. */
export async function restoreProjection(store: StoreDb, projection: AnyProjection, every: number = SNAPSHOT_EVERY): Promise<unknown> {
  const table = store.table<ProjectionRow, string>(projection.table)
  try {
    return await store.transaction('rw', [store.events, store.snapshots, table], async () => {
      const { row, tail, fromSnapshot } = await rebuild(store, projection)
      const stored = await table.get(projection.name)
      if (!stored || stored.version !== row.version || stored.seq !== row.seq) await table.put(row)
      if ((!fromSnapshot && row.seq > 0) || tail >= every) await store.snapshots.put(row)
      return row.state
    })
  } catch (error) {
    // A full disk must not hide the cart: fall back to a read-only rebuild, the next write reports it.
    const readOnly = await store
      .transaction('r', [store.events, store.snapshots], () => rebuild(store, projection))
      .catch(() => {
        throw error
      })
    return readOnly.row.state
  }
}
