import { mkdirSync } from 'node:fs'
import { PGlite, types } from '@electric-sql/pglite'
import type { Transaction } from '@electric-sql/pglite'
import type { Db, Queryable } from './types.ts'

// numeric and bigint arrive as strings by default; the API promises JSON numbers.
const parsers = { [types.NUMERIC]: Number, [types.INT8]: Number }

/** Embedded PostgreSQL: in memory when dataDir is undefined, otherwise persisted under dataDir. */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const pg = dataDir ? await PGlite.create(dataDir, { parsers }) : await PGlite.create({ parsers })
  return {
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  }
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
