import { mkdirSync } from 'node:fs'
import { PGlite, types } from '@electric-sql/pglite'
import type { Transaction } from '@electric-sql/pglite'
import { lockDataDir } from './dataDirLock.ts'
import { markInMemory } from './inMemory.ts'
import type { Db, Queryable } from './types.ts'

// numeric and bigint arrive as strings by default; the API promises JSON numbers.
const parsers = { [types.NUMERIC]: Number, [types.INT8]: Number }

/** Embedded PostgreSQL: in memory when dataDir is undefined, otherwise persisted under dataDir. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (!dataDir) return markInMemory(adapt(await PGlite.create({ parsers }), () => {}))
  mkdirSync(dataDir, { recursive: true })
  const unlock = lockDataDir(dataDir)
  try {
    return adapt(await PGlite.create(dataDir, { parsers }), unlock)
  } catch (error) {
    unlock()
    throw error
  }
}

/** An in-memory copy of a data directory `dumpPglite` wrote: no initdb, and the dump's schema and rows already there. */
export async function openPgliteCopy(dump: Blob): Promise<Db> {
  return markInMemory(adapt(await PGlite.create({ parsers, loadDataDir: dump }), () => {}))
}

/** An in-memory PGlite's whole data directory, as a tarball openPgliteCopy opens (tests copy one migrated database). */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = dumpable.get(db)
  if (!pg) throw new Error('only a database openPglite opened can be dumped')
  return pg.dumpDataDir('none')
}

const dumpable = new WeakMap<Db, PGlite>()

function adapt(pg: PGlite, release: () => void): Db {
  const db: Db = {
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    // One process, one connection: a NOTIFY committed here is delivered to it, and it never drops.
    async listen(channel, listener) {
      const unlisten = await pg.listen(channel, () => listener.notified())
      listener.listening()
      // A database its owner closed first (a test's, closed before its server) has no listener left to end.
      return async () => {
        if (!pg.closed) await unlisten()
      }
    },
    async close() {
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
  dumpable.set(db, pg)
  return db
}

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}
