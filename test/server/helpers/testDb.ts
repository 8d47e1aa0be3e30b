import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import postgres from 'postgres'
import { inject } from 'vitest'
import { createDb } from '../../../server/db/createDb.ts'
import type { Db } from '../../../server/db/createDb.ts'
import { openPgliteCopy } from '../../../server/db/pglite.ts'
import { databaseUrl, dropDatabase } from './databaseTemplate.ts'

/** Starting PGlite runs initdb, which takes several seconds on a loaded two-core machine. */
export const startupTimeout = 60_000

export interface TestDatabase {
  /** What to pass as DATABASE_URL. */
  url: string
  /** Deletes what the tests wrote; call after closing every handle on url. */
  drop(): Promise<void>
}

/**
 * 'memory:' for PGlite, or with DATABASE_URL set, a fresh schema on that PostgreSQL server
 * so test files sharing one server never see each other's rows.
 */
export async function freshDatabase(server = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!server) return { url: 'memory:', drop: async () => {} }
  const schema = `test_${randomUUID().replaceAll('-', '')}`
  const admin = postgres(server, { onnotice: () => {}, max: 1 })
  await admin.unsafe(`create schema ${schema}`)
  return {
    url: `${server}${server.includes('?') ? '&' : '?'}search_path=${schema}`,
    async drop() {
      await admin.unsafe(`drop schema ${schema} cascade`)
      await admin.end()
    },
  }
}

/** A new database on that PostgreSQL server, copied from a migrated template (CREATE DATABASE ... TEMPLATE). */
async function copiedDatabase(server: string, template: string): Promise<TestDatabase> {
  const name = `test_${randomUUID().replaceAll('-', '')}`
  const admin = postgres(server, { onnotice: () => {}, max: 1 })
  await admin.unsafe(`create database ${name} template ${template}`)
  return {
    url: databaseUrl(server, name),
    async drop() {
      await dropDatabase(admin, name)
      await admin.end()
    },
  }
}

export interface TestDb {
  db: Db
  /** The URL createDb was given, to open the same database a second time. */
  url: string
  drop(): Promise<void>
}

/** An open, migrated database for one test file: a copy of the server project's template when it has one (databaseTemplate.ts). */
export async function openTestDb(): Promise<TestDb> {
  const template = inject('databaseTemplate')
  if (template && 'pgliteDump' in template) {
    const db = await openPgliteCopy(new Blob([readFileSync(template.pgliteDump)]))
    return { db, url: 'memory:', drop: () => db.close() }
  }
  const fresh = template && process.env.DATABASE_URL ? await copiedDatabase(process.env.DATABASE_URL, template.postgresDatabase) : await freshDatabase()
  const db = await createDb(fresh.url)
  return {
    db,
    url: fresh.url,
    async drop() {
      await db.close()
      await fresh.drop()
    },
  }
}

/**
 * The test database as a second server instance opens it: on PostgreSQL a pool of its own, so two instances' requests
 * and workers really race; on PGlite the one embedded connection (which still proves no state is left in a process).
 */
export async function secondInstanceDb(t: TestDb): Promise<{ db: Db; close(): Promise<void> }> {
  if (!process.env.DATABASE_URL) return { db: t.db, close: async () => undefined }
  const db = await createDb(t.url)
  return { db, close: () => db.close() }
}
