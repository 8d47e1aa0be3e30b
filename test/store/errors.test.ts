import { Dexie } from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commit } from '../../src/store/commit.ts'
import { StoreDb } from '../../src/store/db.ts'
import { isQuotaError } from '../../src/store/errors.ts'
import { added } from './fixtures.ts'

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

describe('isQuotaError', () => {
  it("recognises the browser's QuotaExceededError", () => {
    expect(isQuotaError(quota())).toBe(true)
  })

  it('recognises it wrapped by Dexie as the inner error', () => {
    expect(isQuotaError(new Dexie.AbortError('Transaction aborted', quota()))).toBe(true)
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true)
  })

  it('recognises it among the failures of a bulk write', () => {
    expect(isQuotaError(new Dexie.BulkError('1 of 2 failed', { 1: quota() }))).toBe(true)
  })

  it("recognises old Firefox's name for it", () => {
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true)
  })

  it('does not mistake other failures for a full disk', () => {
    expect(isQuotaError(new Dexie.ConstraintError('duplicate'))).toBe(false)
    expect(isQuotaError(new Dexie.AbortError('aborted', new Error('other')))).toBe(false)
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false)
    expect(isQuotaError(null)).toBe(false)
    expect(isQuotaError('QuotaExceededError')).toBe(false)
  })
})

describe('a write that hits the quota', () => {
  let store: StoreDb
  beforeEach(async () => {
    store = new StoreDb(`full-${Date.now()}`)
    // Every write fails the way a full disk makes it fail (middleware must be in place before open).
    store.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down) => ({
        ...down,
        table: (name) => ({ ...down.table(name), mutate: () => Promise.reject(quota()) }),
      }),
    })
    await store.open()
  })
  afterEach(() => store.delete())

  it('rejects commit with an error isQuotaError recognises, leaving the log empty', async () => {
    const error = await commit(added('a'), { db: store }).catch((e: unknown) => e)
    expect(isQuotaError(error)).toBe(true)
    expect(await store.events.count()).toBe(0)
  })
})
