import type { CatalogueBundle, CataloguePackage } from '../../src/domain/catalogueFile.ts'
import { TRANSLATED_LANGUAGES } from '../../src/domain/product.ts'
import type { Queryable } from '../db/types.ts'

/**
 * The one way a package or a bundle is written, by the import (importCatalogue.ts) and the back office
 * (server/routes/staff/catalogue.ts) alike, inside the caller's transaction (which also calls catalogueChanged and
 * audit). Saving an entry makes it exactly what it says: its English in the row, each translation a row or none
 * (a missing one), on sale or not, and not retired. Retiring keeps the row, so placed orders, SIMs and purchases still
 * read the name they point at.
 */

const writePackage = `
  insert into products (id, name, plan, speed, unit_price, billing, image, sort, active, network_plan, retired_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, null)
  on conflict (id) do update set
    name = excluded.name, plan = excluded.plan, speed = excluded.speed, unit_price = excluded.unit_price, billing = excluded.billing,
    image = excluded.image, sort = excluded.sort, active = excluded.active, network_plan = excluded.network_plan, retired_at = null`

const writeBundle = `
  insert into bundles (id, name, billing, kind, amount, price, validity_days, sort, active, retired_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, null)
  on conflict (id) do update set
    name = excluded.name, billing = excluded.billing, kind = excluded.kind, amount = excluded.amount, price = excluded.price,
    validity_days = excluded.validity_days, sort = excluded.sort, active = excluded.active, retired_at = null`

export async function savePackage(tx: Queryable, p: CataloguePackage): Promise<void> {
  const { en } = p.texts
  await tx.query(writePackage, [p.id, en.name, en.plan, en.speed, p.price, p.billing, p.image, p.position, p.on_sale, p.network_plan ?? null])
  for (const language of TRANSLATED_LANGUAGES) {
    const text = p.texts[language]
    if (text)
      await tx.query(
        `insert into product_texts (product_id, language, name, plan, speed) values ($1, $2, $3, $4, $5)
         on conflict (product_id, language) do update set name = excluded.name, plan = excluded.plan, speed = excluded.speed`,
        [p.id, language, text.name, text.plan, text.speed],
      )
    else await tx.query('delete from product_texts where product_id = $1 and language = $2', [p.id, language])
  }
}

export async function saveBundle(tx: Queryable, b: CatalogueBundle): Promise<void> {
  await tx.query(writeBundle, [b.id, b.names.en, b.billing, b.kind, b.amount, b.price, b.validity_days, b.position, b.on_sale])
  for (const language of TRANSLATED_LANGUAGES) {
    const name = b.names[language]
    if (name)
      await tx.query(
        'insert into bundle_texts (bundle_id, language, name) values ($1, $2, $3) on conflict (bundle_id, language) do update set name = excluded.name',
        [b.id, language, name],
      )
    else await tx.query('delete from bundle_texts where bundle_id = $1 and language = $2', [b.id, language])
  }
}

/** Takes a package out of the catalogue for good: off sale, never deleted (orders and SIMs point at it). */
export async function retirePackage(tx: Queryable, id: number): Promise<void> {
  await tx.query('update products set active = false, retired_at = now() where id = $1', [id])
}

/** Takes a bundle out of the catalogue for good: off sale, never deleted (its purchases name it). */
export async function retireBundle(tx: Queryable, id: string): Promise<void> {
  await tx.query('update bundles set active = false, retired_at = now() where id = $1', [id])
}

/** The packages that orders, SIMs or scheduled package changes name: their billing is what those were sold with. */
export async function orderedPackages(db: Queryable): Promise<Set<number>> {
  const rows = await db.query<{ product_id: number }>(
    `select product_id from order_lines union select product_id from services
     union select product_id from service_actions where product_id is not null`,
  )
  return new Set(rows.map((row) => Number(row.product_id)))
}

/** Whether orders, SIMs or scheduled package changes name this package. */
export async function isOrdered(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query<{ ordered: boolean }>(
    `select exists (select 1 from order_lines where product_id = $1) or exists (select 1 from services where product_id = $1)
       or exists (select 1 from service_actions where product_id = $1) as ordered`,
    [id],
  )
  return row?.ordered === true
}

/**
 * The packages whose billing a change would alter although orders or SIMs name them, each as a line saying so: a
 * paid order is provisioned with its package's billing, so it stays what the order was placed for.
 */
export async function billingKept(db: Queryable, changed: readonly { id: number; billing: string; fields: readonly { field: string }[] }[]): Promise<string[]> {
  const problems: string[] = []
  for (const entry of changed)
    if (entry.fields.some((f) => f.field === 'billing') && (await isOrdered(db, entry.id)))
      problems.push(`package ${entry.id}: orders or SIMs name it, so its billing stays as it is (add a new package for the other billing).`)
  return problems
}
