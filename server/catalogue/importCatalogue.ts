import type { CatalogueBundle, CatalogueFile, CataloguePackage } from '../../src/domain/catalogueFile.ts'
import { TRANSLATED_LANGUAGES } from '../../src/domain/product.ts'
import type { Db, Queryable } from '../db/types.ts'
import { audit, countStaffAction } from '../staff/audit.ts'
import type { StaffActor } from '../staff/audit.ts'
import { catalogueChanged } from './catalogueChanged.ts'
import { catalogueChanges, changeCount } from './catalogueChanges.ts'
import type { CatalogueChanges } from './catalogueChanges.ts'
import { exportCatalogue } from './exportCatalogue.ts'

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

async function savePackage(tx: Queryable, p: CataloguePackage): Promise<void> {
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

async function saveBundle(tx: Queryable, b: CatalogueBundle): Promise<void> {
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

export interface ImportOptions {
  actor: StaffActor
  /** Only work out what would change, and change nothing. */
  dryRun: boolean
  /** The file's name, for the audit row. */
  source: string
}

/**
 * Makes the catalogue what `file` says, all or nothing in one transaction: adds and changes its packages and bundles,
 * retires (never deletes) those it leaves out, so placed orders and SIMs still find theirs. A change writes one audit
 * row and tells every instance (catalogueChanged); a file that matches the catalogue changes nothing at all.
 */
export async function importCatalogue(db: Db, file: CatalogueFile, options: ImportOptions): Promise<CatalogueChanges> {
  const changes = await db.transaction((tx) => apply(tx, file, options))
  if (!options.dryRun && changed(changes)) countStaffAction('catalogue.import', 'done')
  return changes
}

const changed = (changes: CatalogueChanges) => changes.added.length + changes.changed.length + changes.retired.length > 0

async function apply(tx: Queryable, file: CatalogueFile, { actor, dryRun, source }: ImportOptions): Promise<CatalogueChanges> {
  const changes = catalogueChanges(await exportCatalogue(tx), file)
  if (dryRun || !changed(changes)) return changes
  for (const item of [...changes.added, ...changes.changed]) {
    if (item.kind === 'package') await savePackage(tx, item.entry)
    else await saveBundle(tx, item.entry)
  }
  for (const item of changes.retired) {
    if (item.kind === 'package') await tx.query('update products set active = false, retired_at = now() where id = $1', [item.entry.id])
    else await tx.query('update bundles set active = false, retired_at = now() where id = $1', [item.entry.id])
  }
  await audit(tx, actor, { action: 'catalogue.import', targetType: 'catalogue', targetId: source, summary: changeCount(changes) })
  await catalogueChanged(tx)
  return changes
}
