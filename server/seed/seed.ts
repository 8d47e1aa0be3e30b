import { reloadCatalogue } from '../catalogue/catalogueBytes.ts'
import { catalogueChanged } from '../catalogue/catalogueChanged.ts'
import type { Db } from '../db/types.ts'
import { TRANSLATED_LANGUAGES } from '../../src/domain/product.ts'
import { seedBundles } from './bundles.ts'
import { catalogue } from './products.ts'
import type { SeedProduct } from './products.ts'
import { seedDemoCustomer } from './demoCustomer.ts'
import type { DemoOptions } from './demoCustomer.ts'

const upsert = `
  insert into products (id, name, plan, unit_price, speed, image, active, sort, billing)
  values ($1, $2, $3, $4, $5, $6, true, $7, $8)
  on conflict (id) do update set
    name = excluded.name, plan = excluded.plan, unit_price = excluded.unit_price,
    speed = excluded.speed, image = excluded.image, active = true, sort = excluded.sort, billing = excluded.billing, retired_at = null`

const upsertText = `
  insert into product_texts (product_id, language, name, plan, speed) values ($1, $2, $3, $4, $5)
  on conflict (product_id, language) do update set name = excluded.name, plan = excluded.plan, speed = excluded.speed`

const upsertBundle = `
  insert into bundles (id, billing, kind, amount, price, validity_days, name, active, sort)
  values ($1, $2, $3, $4, $5, $6, $7, true, $8)
  on conflict (id) do update set
    billing = excluded.billing, kind = excluded.kind, amount = excluded.amount, price = excluded.price,
    validity_days = excluded.validity_days, name = excluded.name, active = true, sort = excluded.sort, retired_at = null`

const upsertBundleText = `
  insert into bundle_texts (bundle_id, language, name) values ($1, $2, $3)
  on conflict (bundle_id, language) do update set name = excluded.name`

/** Writes the sandbox catalogue (packages and bundles); running it again changes nothing. */
export async function seed(db: Db, products: readonly SeedProduct[] = catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of products) {
      await tx.query(upsert, [p.id, p.name, p.plan, p.unit_price, p.speed, p.image, p.sort, p.billing])
      for (const [language, text] of Object.entries(p.texts)) await tx.query(upsertText, [p.id, language, text.name, text.plan, text.speed])
    }
    for (const [sort, b] of seedBundles.entries()) {
      await tx.query(upsertBundle, [b.id, b.billing, b.kind, b.amount, b.price, b.validity_days, b.names.en, sort + 1])
      for (const language of TRANSLATED_LANGUAGES) await tx.query(upsertBundleText, [b.id, language, b.names[language]])
    }
    await catalogueChanged(tx)
  })
  // Every instance hears the change; this one serves it before seed returns.
  await reloadCatalogue(db)
}

/** What SEED=true writes at every start: the catalogue, and the demo customer once. */
export async function seedSandbox(db: Db, options: DemoOptions = {}): Promise<void> {
  await seed(db)
  await seedDemoCustomer(db, options)
}
