import { reloadCatalogue } from '../catalogue/catalogueBytes.ts'
import { catalogueChanged } from '../catalogue/catalogueChanged.ts'
import type { Db } from '../db/types.ts'
import { catalogue } from './products.ts'
import type { SeedProduct } from './products.ts'
import { seedDemoCustomer } from './demoCustomer.ts'
import type { DemoOptions } from './demoCustomer.ts'

const upsert = `
  insert into products (id, name, plan, unit_price, speed, image, active, sort, billing)
  values ($1, $2, $3, $4, $5, $6, true, $7, $8)
  on conflict (id) do update set
    name = excluded.name, plan = excluded.plan, unit_price = excluded.unit_price,
    speed = excluded.speed, image = excluded.image, active = true, sort = excluded.sort, billing = excluded.billing`

const upsertText = `
  insert into product_texts (product_id, language, name, plan, speed) values ($1, $2, $3, $4, $5)
  on conflict (product_id, language) do update set name = excluded.name, plan = excluded.plan, speed = excluded.speed`

/** Writes the sandbox catalogue; running it again changes nothing. */
export async function seed(db: Db, products: readonly SeedProduct[] = catalogue): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of products) {
      await tx.query(upsert, [p.id, p.name, p.plan, p.unit_price, p.speed, p.image, p.sort, p.billing])
      for (const [language, text] of Object.entries(p.texts)) await tx.query(upsertText, [p.id, language, text.name, text.plan, text.speed])
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
