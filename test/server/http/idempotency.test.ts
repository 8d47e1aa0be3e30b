import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Queryable } from '../../../server/db/types.ts'
import { answerOnce, guestOf, type GuestKeyed, type Keyed, type StoredAnswer } from '../../../server/http/idempotency.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const reused = 'This key was already used for another request.'

describe('the claim/replay wrapper of keyed requests', () => {
  let t: TestDb
  let customerId: number
  beforeAll(async () => {
    t = await openTestDb()
    const [row] = await t.db.query<{ id: number }>("insert into customers (email, password_hash) values ('keyed@example.co.za', 'x') returning id")
    customerId = Number(row!.id)
  }, startupTimeout)
  afterAll(() => t.drop())

  const keyed = (hash = 'body-1'): Keyed => ({ customerId, key: randomUUID(), hash })
  const stored = async (key: string) =>
    t.db.query<{ request_hash: string; status: number; response: unknown }>('select request_hash, status, response from idempotency_keys where key = $1', [key])

  /** How many sessions wait for `tx` to end (PostgreSQL). */
  const waitersOn = async (tx: Queryable) =>
    (
      await tx.query<{ n: number }>(
        "select count(*)::int as n from pg_locks where locktype = 'transactionid' and transactionid = pg_current_xact_id()::xid and not granted",
      )
    )[0]!.n

  /** Work that counts its runs and writes a row in the transaction it is given. */
  function countedWork(answer: StoredAnswer = { status: 200, body: { done: true } }) {
    const runs = { n: 0 }
    const work = async (tx: Queryable) => {
      runs.n++
      await tx.query("insert into customers (email, password_hash) values ($1, 'x')", [`${randomUUID()}@example.co.za`])
      return answer
    }
    return { runs, work }
  }

  it('claims a new key, does the work once and stores its answer under the key', async () => {
    const request = keyed()
    const { runs, work } = countedWork({ status: 201, body: { id: 7, note: 'made' } })
    expect(await answerOnce(t.db, request, reused, work)).toEqual({ replayed: false, answer: { status: 201, body: { id: 7, note: 'made' } } })
    expect(runs.n).toBe(1)
    expect(await stored(request.key)).toEqual([{ request_hash: 'body-1', status: 201, response: { id: 7, note: 'made' } }])
  })

  it('replays the stored answer to a retry with the same body, without doing the work again', async () => {
    const request = keyed()
    const { runs, work } = countedWork({ status: 422, body: { error: 'refused once, refused always' } })
    const first = await answerOnce(t.db, request, reused, work)
    const again = await answerOnce(t.db, request, reused, work)
    expect(again).toEqual({ replayed: true, answer: first.answer })
    expect(runs.n).toBe(1)
  })

  it('answers 422 with the given words to a key reused with another body, and keeps the first answer for the first body', async () => {
    const request = keyed('body-1')
    const { runs, work } = countedWork()
    await answerOnce(t.db, request, reused, work)
    expect(await answerOnce(t.db, { ...request, hash: 'body-2' }, reused, work)).toEqual({ replayed: false, answer: { status: 422, body: { error: reused } } })
    expect(runs.n).toBe(1)
    expect(await answerOnce(t.db, request, reused, work)).toEqual({ replayed: true, answer: { status: 200, body: { done: true } } })
  })

  it('does the work once when a duplicate arrives while the first is still working: the duplicate waits and replays its answer', async () => {
    const request = keyed()
    const { runs, work } = countedWork({ status: 200, body: { placed: 1 } })
    let duplicate: Promise<unknown> | undefined
    const first = answerOnce(t.db, request, reused, async (tx) => {
      duplicate = answerOnce(t.db, request, reused, work)
      // On PostgreSQL the duplicate runs on another connection: it must be waiting on this transaction before it commits.
      if (process.env.DATABASE_URL) await vi.waitFor(async () => expect(await waitersOn(tx)).toBe(1), { timeout: 10_000, interval: 20 })
      return work(tx)
    })
    expect(await first).toEqual({ replayed: false, answer: { status: 200, body: { placed: 1 } } })
    expect(await duplicate).toEqual({ replayed: true, answer: { status: 200, body: { placed: 1 } } })
    expect(runs.n).toBe(1)
  })

  it('rolls the claim back with the work when the work fails, so the retry does it afresh', async () => {
    const request = keyed()
    const failing = answerOnce(t.db, request, reused, async (tx) => {
      await tx.query("insert into customers (email, password_hash) values ('rolled-back@example.co.za', 'x')")
      throw new Error('the work failed')
    })
    await expect(failing).rejects.toThrow('the work failed')
    expect(await stored(request.key)).toEqual([])
    expect(await t.db.query("select id from customers where email = 'rolled-back@example.co.za'")).toEqual([])
    const { runs, work } = countedWork()
    expect(await answerOnce(t.db, request, reused, work)).toEqual({ replayed: false, answer: { status: 200, body: { done: true } } })
    expect(runs.n).toBe(1)
  })
  it('answers a passing answer (a limit) without keeping it: the claim and the work roll back, and the retry does the work', async () => {
    const request = keyed()
    const limited = await answerOnce(t.db, request, reused, async (tx) => {
      await tx.query("insert into customers (email, password_hash) values ('passing@example.co.za', 'x')")
      return { passing: { status: 429, body: { error: 'wait' } }, headers: { 'Retry-After': '30' } }
    })
    expect(limited).toEqual({ replayed: false, answer: { status: 429, body: { error: 'wait' } }, headers: { 'Retry-After': '30' } })
    expect(await stored(request.key)).toEqual([])
    expect(await t.db.query("select id from customers where email = 'passing@example.co.za'")).toEqual([])
    const { runs, work } = countedWork()
    expect(await answerOnce(t.db, request, reused, work)).toEqual({ replayed: false, answer: { status: 200, body: { done: true } } })
    expect(runs.n).toBe(1)
  })

  it("keeps one sender's key from another's: the same key of a customer and of someone signed out are two requests", async () => {
    const request = keyed()
    const guest: GuestKeyed = { guest: guestOf('someone@example.co.za'), key: request.key, hash: request.hash }
    const { runs, work } = countedWork({ status: 201, body: { n: 1 } })
    await answerOnce(t.db, request, reused, work)
    expect(await answerOnce(t.db, guest, reused, async () => ({ status: 201, body: { n: 2 } }))).toEqual({
      replayed: false,
      answer: { status: 201, body: { n: 2 } },
    })
    expect(await answerOnce(t.db, guest, reused, work)).toEqual({ replayed: true, answer: { status: 201, body: { n: 2 } } })
    expect(await answerOnce(t.db, request, reused, work)).toEqual({ replayed: true, answer: { status: 201, body: { n: 1 } } })
    expect(runs.n).toBe(1)
  })
})
