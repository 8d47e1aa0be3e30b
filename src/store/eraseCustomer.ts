import { customersFacts } from '../domain/customerErasure.ts'
import { makeFact, type FactStamp } from '../domain/events.ts'
import { commit, commitTables } from './commit.ts'
import { openStore, type StoreDb, storeTables } from './db.ts'
import { registeredProjections } from './projections.ts'
import { readFact } from './readFact.ts'
import type { EventRow } from './rows.ts'
import { currentRow } from './snapshots.ts'

/** The tables that keep rows per customer (each row names its customerId): the outbox and the server's answers cached. */
const perCustomer = Object.entries(storeTables).flatMap(([name, table]) => (table.erasure === 'their rows' ? [name] : []))

/**
 * The customer deleted their account: the device records it (v1.AccountDeleted, which the projections fold by
 * dropping them) and, in the same transaction, forgets everything it kept of them: the earlier facts that carry
 * their data, the snapshots folded from those facts (renewed from today's read models), their queued writes and
 * the server answers cached for them. The log keeps only facts that name nobody, so no rebuild can bring them back.
 */
export async function eraseCustomer(customerId: number, stamp: FactStamp, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  const tables = [...commitTables(store), ...perCustomer.map((name) => store.table(name))]
  await store.transaction('rw', tables, async () => {
    await commit(makeFact('v1.AccountDeleted', { customerId }, stamp), { db: store })
    const log = (await store.events.toArray()).map(readFact).filter((row): row is EventRow => row !== null)
    await store.events.bulkDelete(customersFacts(log, customerId).map((row) => row.seq))
    for (const projection of registeredProjections()) {
      if (await store.snapshots.get(projection.name)) await store.snapshots.put(await currentRow(store, projection))
    }
    for (const name of perCustomer) {
      const table = store.table<{ customerId?: number }>(name)
      // An index finds their rows at once; the outbox has none, so its few rows are scanned.
      if (table.schema.idxByName.customerId) await table.where('customerId').equals(customerId).delete()
      else await table.filter((row) => row.customerId === customerId).delete()
    }
  })
}
