import { defined } from '../../src/domain/defined.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { ProductBilling, SimLife } from '../../src/domain/service.ts'
import type { Partner } from '../orders/partner.ts'
import type { Db, Queryable } from '../db/types.ts'
import { answerOnce } from '../http/idempotency.ts'
import type { Outcome, StoredAnswer } from '../http/idempotency.ts'
import { loadOrder } from '../orders/orderReply.ts'
import { findOrderId } from '../orders/placeOrder.ts'
import { offeredBundle } from './bundleCatalogue.ts'
import { insertBundleOrder } from './bundleOrder.ts'

export const bundleNotOffered = serverMessages.bundleNotOffered
export const serviceNotActive = serverMessages.serviceNotActive
export const bundleKeyReused = 'This request was already used for a different bundle.'

export interface BuyRequest {
  customerId: number
  /** The customer's own SIM (the route checked it). */
  serviceId: number
  /** The Idempotency-Key, lower case; equal to purchase.id. */
  key: string
  /** requestHash of the body as received. */
  hash: string
  bundleId: string
  partner: Partner
}

/**
 * Starts a bundle purchase at most once per customer and key, as orders are placed: the key, the order and the
 * purchase commit together, and every retry gets the first answer (the order to pay, or the refusal).
 */
export function buyBundleOnce(db: Db, request: BuyRequest): Promise<Outcome> {
  return answerOnce(db, request, bundleKeyReused, (tx) => answer(tx, request))
}

interface SimRow {
  id: number
  product_id: number
  name: string
  billing: ProductBilling
  status: number
  life: SimLife
}

async function answer(tx: Queryable, { customerId, serviceId, key, bundleId, partner }: BuyRequest): Promise<StoredAnswer> {
  // A retry arriving after its key expired finds the order it placed before.
  let id = await findOrderId(tx, customerId, key)
  if (id === undefined) {
    const [sim] = await tx.query<SimRow>('select id, product_id, name, billing, status, life from services where id = $1 and customer_id = $2', [
      serviceId,
      customerId,
    ])
    if (!sim) throw new Error(`service ${serviceId} is not customer ${customerId}'s`)
    // Suspended or cancelled, or not activated by the network yet.
    if (sim.status !== 0 || sim.life !== 'active') return { status: 409, body: { error: serviceNotActive } }
    const bundle = await offeredBundle(tx, sim.billing, bundleId)
    if (!bundle) return { status: 422, body: { error: bundleNotOffered } }
    id = await insertBundleOrder(tx, customerId, key, sim, bundle, partner)
  }
  return { status: 200, body: defined(await loadOrder(tx, id), 'the bundle order just found or placed').order }
}
