import { nextCycleStart } from '../../src/domain/billCycle.ts'
import type { ProductBilling, Service } from '../../src/domain/service.ts'
import { networkOf } from '../../src/domain/serviceActions.ts'
import type { Package, PackagesAnswer } from '../../src/domain/serviceActions.ts'
import type { ProductTexts } from '../../src/domain/product.ts'
import { productTexts } from '../catalogue/listProducts.ts'
import type { Db, Queryable } from '../db/types.ts'
import { lockOwnedService, ownedService, unchangeable } from './ownedService.ts'
import type { Refused } from './ownedService.ts'
import { priceAt, priceHistory } from './servicePrice.ts'
import { replyFor } from './serviceReply.ts'
import type { ServiceRow } from './serviceReply.ts'

interface ProductRow {
  id: number
  name: string
  plan: string
  speed: string
  unit_price: number
  billing: ProductBilling
  active: boolean
}

const toPackage = (p: ProductRow, texts: Map<number, ProductTexts>): Package => ({
  product_id: p.id,
  name: p.name,
  plan: p.plan,
  speed: p.speed,
  unit_price: p.unit_price,
  texts: texts.get(p.id) ?? {},
})

/** The SIM's own package as the catalogue has it, or as it was sold when the catalogue no longer lists it. */
async function currentPackage(
  db: Queryable,
  service: ServiceRow,
  texts: Map<number, ProductTexts> = new Map(),
): Promise<{ current: Package; network: string | null }> {
  const [row] = await db.query<ProductRow>('select id, name, plan, speed, unit_price, billing, active from products where id = $1', [service.product_id])
  const current = row ? toPackage(row, texts) : { product_id: service.product_id, name: service.product, plan: service.product, speed: '', unit_price: 0 }
  return { current, network: networkOf(current) }
}

/** The live catalogue's other packages of the SIM's kind: the same network (4G or 5G), paid the same way, cheapest first. */
async function packagesOfKind(db: Queryable, service: ServiceRow, network: string | null, texts: Map<number, ProductTexts> = new Map()): Promise<Package[]> {
  if (network === null) return []
  const rows = await db.query<ProductRow>(
    `select id, name, plan, speed, unit_price, billing, active from products
     where active and billing = $1 and id <> $2 order by unit_price, sort, id`,
    [service.billing, service.product_id],
  )
  return rows.filter((p) => networkOf(p) === network).map((p) => toPackage(p, texts))
}

/** What the SIM could move to, at what price now, and from when. */
export async function packageQuote(db: Db, serviceId: number, customerId: number, now: Date): Promise<PackagesAnswer | Refused> {
  const service = await ownedService(db, serviceId, customerId)
  if ('refused' in service) return service
  const refused = unchangeable(service)
  if (refused) return refused
  const texts = await productTexts(db)
  const { current, network } = await currentPackage(db, service, texts)
  return {
    current,
    current_price: priceAt(await priceHistory(db, service), now),
    billing: service.billing,
    effective_date: nextCycleStart(new Date(service.activation_date), service.billing, now).toISOString(),
    packages: await packagesOfKind(db, service, network, texts),
  }
}

/**
 * Schedules the SIM's move to another package of its kind from the start of its next bill cycle, at the catalogue's
 * price now. One change waits at a time, and none on a SIM whose cancellation waits.
 */
export function schedulePackageChange(db: Db, serviceId: number, customerId: number, productId: number, now: Date): Promise<Service | Refused> {
  return db.transaction(async (tx) => {
    const service = await lockOwnedService(tx, serviceId, customerId)
    if ('refused' in service) return service
    const refused = unchangeable(service)
    if (refused) return refused
    const waiting = await tx.query<{ kind: string }>("select kind from service_actions where service_id = $1 and status = 'scheduled'", [serviceId])
    if (waiting.some((a) => a.kind === 'cancellation')) return { refused: 'cancellationScheduled' }
    if (waiting.some((a) => a.kind === 'plan_change')) return { refused: 'packageScheduled' }
    const { network } = await currentPackage(tx, service)
    const chosen = (await packagesOfKind(tx, service, network)).find((p) => p.product_id === productId)
    if (!chosen) return { refused: 'notOffered' }
    const due = nextCycleStart(new Date(service.activation_date), service.billing, now)
    await tx.query(
      `insert into service_actions (service_id, kind, product_id, product, unit_price, due_at, created_at)
       values ($1, 'plan_change', $2, $3, $4, $5, $6)`,
      [serviceId, chosen.product_id, chosen.name, chosen.unit_price, due, now],
    )
    return replyFor(tx, service)
  })
}
