import type { Fact } from '../../domain/events.ts'
import { commit } from '../../store/commit.ts'
import { StoreDb } from '../../store/db.ts'

/** The lab's own database: the same tables and commit() as the device's, under another name. */
export const LAB_DB_NAME = 'storefront-lab'

let opening: Promise<StoreDb> | undefined

/** The lab log, opened once; the customer's database is never opened for writing here. */
export function labDb(): Promise<StoreDb> {
  opening ??= (async () => {
    const db = new StoreDb(LAB_DB_NAME)
    await db.open()
    return db
  })()
  return opening
}

/** Appends a fact to the lab log and folds it into the lab's projections, as commit() does on the device. */
export async function commitToLab(fact: Fact): Promise<void> {
  await commit(fact, { db: await labDb() })
}

/** Empties every table of the lab log. */
export async function clearLabLog(): Promise<void> {
  const db = await labDb()
  await db.transaction('rw', db.tables, () => Promise.all(db.tables.map((table) => table.clear())))
}

/** Closes the lab log (tests start the next one fresh). */
export async function closeLabLog(options: { delete?: boolean } = {}): Promise<void> {
  const db = await opening?.catch(() => undefined)
  opening = undefined
  if (options.delete) await db?.delete()
  else db?.close()
}
