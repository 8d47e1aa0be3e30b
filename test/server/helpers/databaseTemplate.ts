import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../../server/db/createDb.ts'
import { dumpPglite } from '../../../server/db/pglite.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database each test file copies instead of migrating its own: a PGlite dump's path, or a PostgreSQL database's name. */
    databaseTemplate: { pgliteDump: string } | { postgresDatabase: string }
  }
}

/** The server project's global setup: migrates one database, once, for every file to copy (testDb.ts's openTestDb). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = process.env.DATABASE_URL
  if (server) {
    const name = `template_${randomUUID().replaceAll('-', '')}`
    const admin = postgres(server, { onnotice: () => {}, max: 1 })
    await admin.unsafe(`create database ${name}`)
    const db = await createDb(databaseUrl(server, name))
    await db.close()
    project.provide('databaseTemplate', { postgresDatabase: name })
    return async () => {
      await dropDatabase(admin, name)
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'storefront-template-'))
  const db = await createDb('memory:')
  const dump = join(dir, 'pglite.tar')
  writeFileSync(dump, Buffer.from(await (await dumpPglite(db)).arrayBuffer()))
  await db.close()
  project.provide('databaseTemplate', { pgliteDump: dump })
  return async () => rmSync(dir, { recursive: true, force: true })
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(server: string, database: string): string {
  const url = new URL(server)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Drops a test database even while connections to it are left open. Ours (this role's) are ended here; an
 * autovacuum worker busy in it is ended by DROP DATABASE itself. (DROP ... WITH (FORCE) is not used: it refuses
 * outright when an autovacuum worker, which belongs to no role, is connected: "must be a member of the role whose
 * process is being terminated".)
 */
export async function dropDatabase(admin: postgres.Sql, name: string): Promise<void> {
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and usename = current_user and pid <> pg_backend_pid()`
  await admin.unsafe(`drop database if exists ${name}`)
}
