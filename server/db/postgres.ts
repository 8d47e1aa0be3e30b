import postgres from 'postgres'
import type { Db, Queryable } from './types.ts'

type Sql = postgres.Sql | postgres.TransactionSql

// numeric and bigint arrive as strings by default; the API promises JSON numbers.
const types = {
  numeric: { to: 1700, from: [1700], serialize: String, parse: Number },
  int8: { to: 20, from: [20], serialize: String, parse: Number },
}

export interface PoolSettings {
  /** Connections opened at most (default 10). */
  poolMax?: number
  /** The server cancels a statement running longer than this; 0 (the default here) is no limit. */
  statementTimeoutMs?: number
}

/** A real PostgreSQL server reached through a postgres:// URL. */
export async function openPostgres(url: string, { poolMax = 10, statementTimeoutMs = 0 }: PoolSettings = {}): Promise<Db> {
  const sql = postgres(url, { types, onnotice: () => {}, max: poolMax, connection: { statement_timeout: statementTimeoutMs } })
  // Fail at start, not on the first request, when the server is unreachable.
  await sql`select 1`
  return {
    ...wrap(sql),
    transaction: async (fn) => (await sql.begin((tx) => fn(wrap(tx)))) as Awaited<ReturnType<typeof fn>>,
    close: () => sql.end({ timeout: 5 }),
  }
}

function wrap(sql: Sql): Queryable {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const rows = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])
      return rows as unknown as T[]
    },
    async exec(text: string) {
      await sql.unsafe(text).simple()
    },
  }
}
