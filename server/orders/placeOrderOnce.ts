import type { Language } from '../../src/domain/languageCodes.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Partner } from './partner.ts'
import type { Db, Queryable } from '../db/types.ts'
import { answerOnce } from '../http/idempotency.ts'
import type { Outcome, StoredAnswer } from '../http/idempotency.ts'
import { ordersPlaced } from '../metrics.ts'
import { loadOrder } from './orderReply.ts'
import { findOrderId, insertOrder, priceLines } from './placeOrder.ts'

export const keyReused = 'This request was already used for a different order.'

export interface PlaceRequest {
  customerId: number
  /** The Idempotency-Key, lower case; equal to order.id. */
  key: string
  /** requestHash of the body as received. */
  hash: string
  order: CreateOrderRequest['order']
  partner: Partner
  /** The customer's language, which the order's receipt will speak. */
  language?: Language
}

/**
 * Places the order at most once per customer and key: the key and the order commit in one transaction, so
 * a failure (5xx) rolls both back and the client's retry starts afresh, while any later retry gets the stored answer.
 */
export async function placeOrderOnce(db: Db, request: PlaceRequest): Promise<Outcome> {
  let placed = false
  const outcome = await answerOnce(db, request, keyReused, (tx) => answer(tx, request, () => (placed = true)))
  // Counted once committed: a rolled back attempt placed nothing, and a replay finds the order it placed before.
  if (placed && !outcome.replayed) ordersPlaced.inc()
  return outcome
}

async function answer(tx: Queryable, { customerId, key, order, partner, language }: PlaceRequest, inserted: () => void): Promise<StoredAnswer> {
  // A retry arriving after its key expired finds the order it placed before.
  let id = await findOrderId(tx, customerId, key)
  if (id === undefined) {
    const priced = await priceLines(tx, order.order_lines)
    if ('code' in priced) return { status: 422, body: priced }
    id = await insertOrder(tx, customerId, order, priced, partner, language)
    inserted()
  }
  return { status: 200, body: defined(await loadOrder(tx, id), 'the order just found or placed').order }
}
