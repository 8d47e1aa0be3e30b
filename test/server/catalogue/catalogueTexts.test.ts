import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { bundleName, bundleTitle } from '../../../src/domain/bundle.ts'
import { BootstrapSchema, TRANSLATED_LANGUAGES, productText } from '../../../src/domain/product.ts'
import { allBundles } from '../../../server/seed/bundles.ts'
import { createApp } from '../../../server/app.ts'
import { catalogue } from '../../../server/seed/products.ts'
import { seed } from '../../../server/seed/seed.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

const apiKey = 'test-key'

describe("the catalogue's wording in every language", () => {
  let t: TestDb
  let app: ReturnType<typeof createApp>
  beforeAll(async () => {
    t = await openTestDb()
    await seed(t.db)
    app = createApp({ db: t.db, config: { apiKey } })
  }, startupTimeout)
  afterAll(() => t.drop())

  it('gives every seeded package its name, plan and speed line in isiXhosa and Afrikaans, the speed line and plan in their own words', () => {
    for (const p of catalogue) {
      for (const language of TRANSLATED_LANGUAGES) {
        const text = p.texts[language]
        expect(text.name, `${p.name} in ${language}`).not.toBe('')
        expect(text.speed, `${p.speed} in ${language}`).not.toBe(p.speed)
        expect(text.plan, `${p.plan} in ${language}`).not.toBe(p.plan)
        // The numbers a customer compares packages by survive translation.
        expect(text.speed.match(/\d+Mbps/g), `${p.speed} in ${language}`).toEqual(p.speed.match(/\d+Mbps/g))
      }
    }
  })

  it('stores a row per translated language for every active package in the database', async () => {
    const missing = await t.db.query<{ id: number; language: string }>(
      `select p.id, l.language from products p cross join (values ('xh'), ('af')) as l (language)
       where p.active and not exists (select 1 from product_texts t where t.product_id = p.id and t.language = l.language)`,
    )
    expect(missing).toEqual([])
    expect((await t.db.query('select 1 from products where active')).length).toBe(catalogue.length)
  })

  it('serves every language in one GET /api/v2/bootstrap answer, so a language chosen offline shows its own wording', async () => {
    const reply = await app.request('/api/v2/bootstrap', { headers: { Key: apiKey } })
    expect(reply.status).toBe(200)
    const { products } = v.parse(BootstrapSchema, await reply.json())
    expect(products).toHaveLength(catalogue.length)
    for (const p of products) {
      const seeded = catalogue.find((s) => s.id === p.id)
      expect(productText(p, 'en')).toEqual({ name: seeded?.name, plan: seeded?.plan, speed: seeded?.speed })
      for (const language of TRANSLATED_LANGUAGES) expect(productText(p, language), `${p.name} in ${language}`).toEqual(seeded?.texts[language])
    }
  })

  it('drops the wording of a package that leaves the table with it', async () => {
    await t.db.query('insert into products (id, name, plan, unit_price, speed, image, active, sort) values (98, $1, $2, 1, $3, $4, false, 0)', [
      'Gone',
      '4G Uncapped',
      'Up to 1Mbps',
      '/images/products/4g-10mbps.svg',
    ])
    await t.db.query("insert into product_texts (product_id, language, name, plan, speed) values (98, 'af', 'Gone', '4G Onbeperk', 'Tot 1Mbps')")
    await expect(t.db.query("insert into product_texts (product_id, language, name, plan, speed) values (98, 'fr', 'Gone', 'x', 'y')")).rejects.toThrow()
    await t.db.query('delete from products where id = 98')
    expect(await t.db.query('select 1 from product_texts where product_id = 98')).toEqual([])
  })

  it('names every bundle in English, isiXhosa and Afrikaans, each in its own words with the same amount', () => {
    for (const bundle of allBundles()) {
      expect(bundleTitle(bundle, 'en'), bundle.id).toBe(bundleName(bundle))
      for (const language of TRANSLATED_LANGUAGES) {
        const name = bundleTitle(bundle, language)
        expect(name, `${bundle.id} in ${language}`).not.toBe(bundle.names.en)
        expect(name.match(/\d+/g), `${bundle.id} in ${language}`).toEqual(bundle.names.en.match(/\d+/g))
      }
    }
  })
})
