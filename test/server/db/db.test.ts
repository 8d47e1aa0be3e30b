import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, openDb } from '../../../server/db/createDb.ts'
import { migrate, readMigrations } from '../../../server/db/migrate.ts'
import { freshDatabase, openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'
import { runMigrate } from '../helpers/runMigrate.ts'

describe('the data layer', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())

  it('has applied every migration file when createDb returns', async () => {
    const rows = await t.db.query<{ version: number; name: string }>('select version, name from schema_migrations order by version')
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name))
  })

  it('applies nothing and fails nothing when migrations run again', async () => {
    expect(await migrate(t.db)).toEqual([])
    expect(await migrate(t.db)).toEqual([])
    const [row] = await t.db.query<{ n: number }>('select count(*) as n from schema_migrations')
    expect(row?.n).toBe(readMigrations().length)
  })

  it('keeps the schema when the same database is opened again, as on a restart', async () => {
    if (t.url === 'memory:') return // an in-memory database does not outlive its handle
    const again = await createDb(t.url)
    try {
      expect(await migrate(again)).toEqual([])
    } finally {
      await again.close()
    }
  })

  it(
    'applies each migration once when two servers start against the same database together',
    async () => {
      const fresh = await freshDatabase()
      const [a, b] = await Promise.all([createDb(fresh.url), createDb(fresh.url)])
      try {
        const [row] = await a.query<{ n: number }>('select count(*) as n from schema_migrations')
        expect(row?.n).toBe(readMigrations().length)
      } finally {
        await Promise.all([a.close(), b.close()])
        await fresh.drop()
      }
    },
    startupTimeout,
  )

  it(
    'applies each migration exactly once when several migrators start at once',
    async () => {
      const fresh = await freshDatabase()
      // On PostgreSQL each migrator has its own connection; PGlite has one, which they share.
      const handles = fresh.url === 'memory:' ? Array(4).fill(await openDb(fresh.url)) : await Promise.all(Array.from({ length: 4 }, () => openDb(fresh.url)))
      try {
        const applied = await Promise.all(handles.map((db) => migrate(db)))
        const names = readMigrations().map((m) => m.name)
        expect(applied.flat().sort()).toEqual(names)
        expect(applied.filter((list) => list.length > 0)).toEqual([names])
      } finally {
        await Promise.all([...new Set(handles)].map((db) => db.close()))
        await fresh.drop()
      }
    },
    startupTimeout,
  )

  it(
    'migrates with `npm run migrate` alone and exits 0, several at once applying each migration once',
    async () => {
      const fresh = await freshDatabase()
      try {
        // In-memory PGlite lives and dies with one process: one migrator shows the step works there.
        const count = fresh.url === 'memory:' ? 1 : 3
        const runs = await Promise.all(Array.from({ length: count }, () => runMigrate({ DATABASE_URL: fresh.url })))
        for (const run of runs) expect(run.code, run.output).toBe(0)
        const applied = runs.flatMap((run) => run.lines.flatMap((line) => (line.applied as string[] | undefined) ?? []))
        expect(applied.sort()).toEqual(readMigrations().map((m) => m.name))
        expect(runs.flatMap((run) => run.lines.map((line) => line.msg)).filter((msg) => msg === 'the schema is up to date')).toHaveLength(count - 1)
      } finally {
        await fresh.drop()
      }
    },
    2 * startupTimeout,
  )

  it('returns numeric and bigint columns as JavaScript numbers', async () => {
    const [row] = await t.db.query<{ price: unknown; big: unknown }>('select 299.50::numeric(10,2) as price, 42::int8 as big')
    expect(row).toEqual({ price: 299.5, big: 42 })
  })

  it('binds $1 parameters the same way on every engine', async () => {
    const [row] = await t.db.query<{ text: string }>('select $1::text || $2::text as text', ['4G ', 'Uncapped'])
    expect(row?.text).toBe('4G Uncapped')
  })

  it('rolls back everything a failed transaction wrote', async () => {
    await t.db.exec('create table scratch (id integer primary key)')
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('insert into scratch values (1)')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await t.db.query('select * from scratch')).toEqual([])
  })

  it('refuses a database URL it does not understand', async () => {
    await expect(createDb('mysql://localhost/shop')).rejects.toThrow(/DATABASE_URL/)
  })

  it('finds the migrations numbered from 001 without gaps', () => {
    const versions = readMigrations().map((m) => m.version)
    expect(versions[0]).toBe(1)
    expect(versions).toEqual(versions.map((_, i) => i + 1))
  })
})
