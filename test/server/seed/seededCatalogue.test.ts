import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../../server/seed/products.ts'
import { seed } from '../../../server/seed/seed.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

/** The seeded catalogue as it stood before its rows were built by a maker: the packages and their words, unchanged. */
const expected = JSON.parse(readFileSync(new URL('./seededCatalogue.json', import.meta.url), 'utf8')) as { catalogue: unknown; rows: unknown }

describe('the seeded catalogue', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())

  it('holds the same packages, prices and words in every language as before', async () => {
    expect(JSON.parse(JSON.stringify(catalogue))).toStrictEqual(expected.catalogue)
    await seed(t.db)
    const products = await t.db.query('select id, name, plan, unit_price, speed, image, active, sort, billing from products order by id')
    const texts = await t.db.query('select product_id, language, name, plan, speed from product_texts order by product_id, language')
    expect(JSON.parse(JSON.stringify({ products, texts }))).toStrictEqual(expected.rows)
  })
})
