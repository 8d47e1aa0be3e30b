import { CATALOGUE_FILE_VERSION } from '../../src/domain/catalogueFile.ts'
import type { CatalogueBundle, CatalogueFile, CataloguePackage } from '../../src/domain/catalogueFile.ts'
import type { BundleKind } from '../../src/domain/bundle.ts'
import type { ProductText } from '../../src/domain/product.ts'
import type { ProductBilling } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

interface PackageRow {
  id: number
  name: string
  plan: string
  speed: string
  unit_price: number
  billing: ProductBilling
  image: string
  sort: number
  active: boolean
  network_plan: string | null
  retired_at: Date | string | null
}

interface BundleRow {
  id: string
  name: string
  billing: ProductBilling
  kind: BundleKind
  amount: number
  price: number
  validity_days: number
  sort: number
  active: boolean
  retired_at: Date | string | null
}

/** An entry as the back office lists it: retired ones too, with when they were retired (null: in the catalogue). */
export type Listed<T> = T & { retiredAt: string | null }

export interface CatalogueEntries {
  packages: Listed<CataloguePackage>[]
  bundles: Listed<CatalogueBundle>[]
}

const retiredAt = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

/**
 * Every package and bundle in the order the shop lists them, each translation present or null: those in the
 * catalogue, or (`withRetired`) the retired ones too.
 */
export async function catalogueEntries(db: Queryable, { withRetired }: { withRetired: boolean }): Promise<CatalogueEntries> {
  const current = withRetired ? '' : 'where retired_at is null'
  const products = await db.query<PackageRow>(
    `select id, name, plan, speed, unit_price, billing, image, sort, active, network_plan, retired_at from products ${current} order by sort, id`,
  )
  const productTexts = await db.query<ProductText & { product_id: number; language: 'xh' | 'af' }>(
    'select product_id, language, name, plan, speed from product_texts',
  )
  const bundles = await db.query<BundleRow>(
    `select id, name, billing, kind, amount, price, validity_days, sort, active, retired_at from bundles ${current} order by sort, id`,
  )
  const bundleTexts = await db.query<{ bundle_id: string; language: 'xh' | 'af'; name: string }>('select bundle_id, language, name from bundle_texts')
  const textOf = (id: number, language: 'xh' | 'af'): ProductText | null => {
    const row = productTexts.find((t) => t.product_id === id && t.language === language)
    return row ? { name: row.name, plan: row.plan, speed: row.speed } : null
  }
  const nameOf = (id: string, language: 'xh' | 'af') => bundleTexts.find((t) => t.bundle_id === id && t.language === language)?.name ?? null
  return {
    packages: products.map(
      (p): Listed<CataloguePackage> => ({
        id: p.id,
        texts: { en: { name: p.name, plan: p.plan, speed: p.speed }, xh: textOf(p.id, 'xh'), af: textOf(p.id, 'af') },
        price: Number(p.unit_price),
        billing: p.billing,
        image: p.image,
        position: p.sort,
        on_sale: p.active,
        network_plan: p.network_plan,
        retiredAt: retiredAt(p.retired_at),
      }),
    ),
    bundles: bundles.map(
      (b): Listed<CatalogueBundle> => ({
        id: b.id,
        names: { en: b.name, xh: nameOf(b.id, 'xh'), af: nameOf(b.id, 'af') },
        billing: b.billing,
        kind: b.kind,
        amount: Number(b.amount),
        price: Number(b.price),
        validity_days: b.validity_days,
        position: b.sort,
        on_sale: b.active,
        retiredAt: retiredAt(b.retired_at),
      }),
    ),
  }
}

/** Every package and bundle not retired, in the order the shop lists them, each translation present or null. */
export async function exportCatalogue(db: Queryable): Promise<CatalogueFile> {
  const { packages, bundles } = await catalogueEntries(db, { withRetired: false })
  return {
    version: CATALOGUE_FILE_VERSION,
    packages: packages.map(({ retiredAt: _, ...entry }) => entry),
    bundles: bundles.map(({ retiredAt: _, ...entry }) => entry),
  }
}
