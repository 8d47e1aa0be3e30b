import type { Language } from '../../src/domain/language.ts'
import type { CreateOrderRequest } from '../../src/domain/order.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Partner } from '../config.ts'
import type { Db, Queryable } from '../db/types.ts'
import { claimKey, saveAnswer } from './idempotency.ts'
import type { StoredAnswer } from './idempotency.ts'
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

/** What to answer, and whether it is a stored answer being repeated. */
export interface Outcome {
  replayed: boolean
  answer: StoredAnswer
}

/**
 * Places the order at most once per customer and key: the key and the order commit in one transaction, so
 * a failure (5xx) rolls both back and the client's retry starts afresh, while any later retry gets the stored answer.
 */
export function placeOrderOnce(db: Db, request: PlaceRequest): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, request.customerId, request.key, request.hash)
    if (!claim.claimed) {
      if (claim.requestHash === request.hash) return { replayed: true, answer: claim.answer }
      return { replayed: false, answer: { status: 422, body: { error: keyReused } } }
    }
    return { replayed: false, answer: await saveAnswer(tx, request.customerId, request.key, await answer(tx, request)) }
  })
}

async function answer(tx: Queryable, { customerId, key, order, partner, language }: PlaceRequest): Promise<StoredAnswer> {
  // A retry arriving after its key expired finds the order it placed before.
  let id = await findOrderId(tx, customerId, key)
  if (id === undefined) {
    const priced = await priceLines(tx, order.order_lines)
    if ('code' in priced) return { status: 422, body: priced }
    id = await insertOrder(tx, customerId, order, priced, partner, language)
  }
  return { status: 200, body: defined(await loadOrder(tx, id), 'the order just found or placed').order }
}
