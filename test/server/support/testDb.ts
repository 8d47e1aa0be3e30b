import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { createDb } from '../../../server/db/createDb.ts'
import type { Db } from '../../../server/db/createDb.ts'

export interface TestDb {
  db: Db
  /** The URL createDb was given, to open the same database a second time. */
  url: string
  drop(): Promise<void>
}

/**
 * In-memory PGlite, or with DATABASE_URL set, a fresh schema on that PostgreSQL server
 * so test files sharing one server never see each other's rows.
 */
export async function openTestDb(): Promise<TestDb> {
  const server = process.env.DATABASE_URL
  if (!server) {
    const db = await createDb('memory:')
    return { db, url: 'memory:', drop: () => db.close() }
  }
  const schema = `test_${randomUUID().replaceAll('-', '')}`
  const admin = postgres(server, { onnotice: () => {} })
  await admin.unsafe(`create schema ${schema}`)
  const url = `${server}${server.includes('?') ? '&' : '?'}search_path=${schema}`
  const db = await createDb(url)
  return {
    db,
    url,
    async drop() {
      await db.close()
      await admin.unsafe(`drop schema ${schema} cascade`)
      await admin.end()
    },
  }
}

/** Starting PGlite runs initdb, which takes several seconds on a loaded two-core machine. */
export const startupTimeout = 60_000
