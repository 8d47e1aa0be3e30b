import { readFileSync, statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ProductSchema } from '../../../src/domain/product.ts'
import { listProducts } from '../../../server/catalogue/listProducts.ts'
import { catalogue } from '../../../server/seed/products.ts'
import { seed } from '../../../server/seed/seed.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const imagesDir = new URL('../../../server/seed/images/', import.meta.url)

describe('the sandbox seed', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())

  it('offers between six and ten 4G and 5G packages priced in rand, uncapped monthly or prepaid', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(6)
    expect(catalogue.length).toBeLessThanOrEqual(10)
    for (const p of catalogue) {
      v.parse(ProductSchema, p)
      expect(p.plan).toMatch(p.billing === 'prepaid' ? /^[45]G Prepaid$/ : /^[45]G Uncapped$/)
      expect(p.speed).toMatch(/\d+Mbps/)
      expect(Number.isInteger(p.unit_price)).toBe(true)
    }
    expect(new Set(catalogue.map((p) => p.id)).size).toBe(catalogue.length)
  })

  it('gives every package a small local SVG with a viewBox', () => {
    for (const p of catalogue) {
      expect(p.image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/)
      const file = new URL(p.image.replace('/images/products/', ''), imagesDir)
      expect(statSync(file).size).toBeLessThan(3 * 1024)
      expect(readFileSync(file, 'utf8')).toMatch(/<svg[^>]+viewBox="0 0 \d+ \d+"/)
    }
  })

  it('writes the catalogue once however often it runs', async () => {
    await seed(t.db)
    const first = await listProducts(t.db)
    await seed(t.db)
    await seed(t.db)
    expect(await listProducts(t.db)).toEqual(first)
    expect(first.map((p) => p.id)).toEqual(catalogue.map((p) => p.id))
  })

  it('puts an edited package back to its seeded values on the next run', async () => {
    await seed(t.db)
    await t.db.query('update products set unit_price = 1, active = false where id = 1')
    await seed(t.db)
    const [first] = await listProducts(t.db)
    expect(first?.unit_price).toBe(catalogue[0]?.unit_price)
  })
})
