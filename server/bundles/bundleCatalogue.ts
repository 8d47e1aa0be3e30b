import type { Bundle } from '../../src/domain/bundle.ts'
import type { ProductBilling } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

interface BundleRow extends Omit<Bundle, 'names'> {
  name: string
  language: 'xh' | 'af' | null
  text_name: string | null
}

/** The bundles on sale to a SIM of this billing, in the catalogue's order, each named in every language it is written in. */
export async function bundlesFor(db: Queryable, billing: ProductBilling): Promise<Bundle[]> {
  const rows = await db.query<BundleRow>(
    `select b.id, b.kind, b.amount, b.price, b.validity_days, b.name, t.language, t.name as text_name
     from bundles b left join bundle_texts t on t.bundle_id = b.id
     where b.billing = $1 and b.active order by b.sort, b.id, t.language`,
    [billing],
  )
  const bundles = new Map<string, Bundle & { names: NonNullable<Bundle['names']> }>()
  for (const { name, language, text_name, ...bundle } of rows) {
    const own = bundles.get(bundle.id) ?? { ...bundle, names: { en: name } }
    if (language !== null && text_name !== null) own.names[language] = text_name
    bundles.set(bundle.id, own)
  }
  return [...bundles.values()]
}

/** One bundle this SIM can buy, or undefined when it is not on sale to its kind. */
export const offeredBundle = async (db: Queryable, billing: ProductBilling, id: string): Promise<Bundle | undefined> =>
  (await bundlesFor(db, billing)).find((b) => b.id === id)
