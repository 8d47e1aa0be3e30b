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
}

/** Every package and bundle not retired, in the order the shop lists them, each translation present or null. */
export async function exportCatalogue(db: Queryable): Promise<CatalogueFile> {
  const products = await db.query<PackageRow>(
    'select id, name, plan, speed, unit_price, billing, image, sort, active, network_plan from products where retired_at is null order by sort, id',
  )
  const productTexts = await db.query<ProductText & { product_id: number; language: 'xh' | 'af' }>(
    'select product_id, language, name, plan, speed from product_texts',
  )
  const bundles = await db.query<BundleRow>(
    'select id, name, billing, kind, amount, price, validity_days, sort, active from bundles where retired_at is null order by sort, id',
  )
  const bundleTexts = await db.query<{ bundle_id: string; language: 'xh' | 'af'; name: string }>('select bundle_id, language, name from bundle_texts')
  const textOf = (id: number, language: 'xh' | 'af'): ProductText | null => {
    const row = productTexts.find((t) => t.product_id === id && t.language === language)
    return row ? { name: row.name, plan: row.plan, speed: row.speed } : null
  }
  const nameOf = (id: string, language: 'xh' | 'af') => bundleTexts.find((t) => t.bundle_id === id && t.language === language)?.name ?? null
  return {
    version: CATALOGUE_FILE_VERSION,
    packages: products.map(
      (p): CataloguePackage => ({
        id: p.id,
        texts: { en: { name: p.name, plan: p.plan, speed: p.speed }, xh: textOf(p.id, 'xh'), af: textOf(p.id, 'af') },
        price: p.unit_price,
        billing: p.billing,
        image: p.image,
        position: p.sort,
        on_sale: p.active,
        network_plan: p.network_plan,
      }),
    ),
    bundles: bundles.map(
      (b): CatalogueBundle => ({
        id: b.id,
        names: { en: b.name, xh: nameOf(b.id, 'xh'), af: nameOf(b.id, 'af') },
        billing: b.billing,
        kind: b.kind,
        amount: b.amount,
        price: b.price,
        validity_days: b.validity_days,
        position: b.sort,
        on_sale: b.active,
      }),
    ),
  }
}
