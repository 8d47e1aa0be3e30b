import type { Db } from './types.ts'

// Marked by server/db/pglite.ts, which a server on PostgreSQL never loads.
const inMemory = new WeakSet<Db>()

/** Marks db as held in this process's memory: gone when it exits, readable by no other process. */
export const markInMemory = (db: Db): Db => {
  inMemory.add(db)
  return db
}

/** Whether db lives only in this process's memory (an embedded database without a data directory). */
export const isInMemory = (db: Db): boolean => inMemory.has(db)
