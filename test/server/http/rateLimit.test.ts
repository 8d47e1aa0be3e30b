import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clearAttempts, returnAttempt, sweepAttempts, takeAttempt } from '../../../server/http/rateLimit.ts'
import type { Admission } from '../../../server/http/rateLimit.ts'
import { createDb } from '../../../server/db/createDb.ts'
import type { Db } from '../../../server/db/createDb.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const limit = { max: 3, windowMinutes: 15 }
const takenOnes = (all: Admission[]) => all.filter((a): a is Extract<Admission, { taken: true }> => a.taken)

describe('rate limits counted and decided in one statement', () => {
  let t: TestDb
  // A second pool on the same database, as another server instance has; on PGlite it is the same handle.
  let other: Db
  beforeAll(async () => {
    t = await openTestDb()
    other = process.env.DATABASE_URL ? await createDb(t.url) : t.db
  }, startupTimeout)
  afterAll(async () => {
    if (other !== t.db) await other.close()
    await t.drop()
  })

  it('takes exactly max of a parallel burst through two pools and refuses the rest with the wait for the oldest', async () => {
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => takeAttempt(i % 2 ? t.db : other, 'burst', limit)))
    expect(takenOnes(all)).toHaveLength(limit.max)
    for (const refused of all.filter((a) => !a.taken)) {
      expect(refused.retryAfter).toBeGreaterThan(limit.windowMinutes * 60 - 60)
      expect(refused.retryAfter).toBeLessThanOrEqual(limit.windowMinutes * 60)
    }
    const [row] = await t.db.query<{ n: number }>('select cardinality(hits) as n from rate_limits where key = $1', ['burst'])
    expect(row?.n).toBe(limit.max)
  })

  it('takes again once the oldest attempt leaves the window', async () => {
    for (let i = 0; i < limit.max; i++) expect((await takeAttempt(t.db, 'slide', limit)).taken).toBe(true)
    expect((await takeAttempt(t.db, 'slide', limit)).taken).toBe(false)
    await t.db.query(`update rate_limits set hits = array[hits[1] - interval '16 minutes'] || hits[2:] where key = 'slide'`)
    expect((await takeAttempt(t.db, 'slide', limit)).taken).toBe(true)
    expect((await takeAttempt(t.db, 'slide', limit)).taken).toBe(false)
  })

  it('gives a returned attempt back, and clears a key', async () => {
    const first = await takeAttempt(t.db, 'give', limit)
    for (let i = 1; i < limit.max; i++) await takeAttempt(t.db, 'give', limit)
    if (!first.taken) throw new Error('the first attempt was refused')
    await returnAttempt(t.db, 'give', first)
    expect((await takeAttempt(t.db, 'give', limit)).taken).toBe(true)
    expect((await takeAttempt(t.db, 'give', limit)).taken).toBe(false)
    await clearAttempts(t.db, 'give')
    expect((await takeAttempt(t.db, 'give', limit)).taken).toBe(true)
  })

  it('gives back one attempt, also when others were taken at the same tick of the clock', async () => {
    const first = await takeAttempt(t.db, 'tick', limit)
    if (!first.taken) throw new Error('the first attempt was refused')
    // Three attempts that read the same clock (PGlite's ticks are coarse).
    await t.db.query(`update rate_limits set hits = array[hits[1], hits[1], hits[1]] where key = 'tick'`)
    await returnAttempt(t.db, 'tick', first)
    const [row] = await t.db.query<{ n: number }>('select cardinality(hits) as n from rate_limits where key = $1', ['tick'])
    expect(row?.n).toBe(2)
  })

  it('sweeps rows whose attempts all left their window', async () => {
    await takeAttempt(t.db, 'old', limit)
    await t.db.query(`update rate_limits set expires_at = now() - interval '1 second' where key = 'old'`)
    await sweepAttempts(t.db)
    expect(await t.db.query(`select key from rate_limits where key in ('old', 'burst')`)).toEqual([{ key: 'burst' }])
  })
})
