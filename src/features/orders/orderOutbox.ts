import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import type { PriceChange } from '../../domain/cartPrices.ts'
import { orderedPriceChange } from '../../domain/orderedPrice.ts'
import { formatRand } from '../../domain/money.ts'
import { belongsTo } from '../../outbox/lifecycle.ts'
import { makeFact } from '../../domain/events.ts'
import { CreateOrderRequestSchema, type CreateOrderRequest, type Order } from '../../domain/order.ts'
import type { Dated } from '../../api/answeredAt.ts'
import { createOrder, type CreateOrderResult } from '../../api/orders.ts'
import { i18n } from '../../i18n/i18n.ts'
import { saveOrder } from '../../store/orderCache.ts'
import { stampNow } from '../../lib/ids.ts'
import type { OutboxKind, Settled } from '../../outbox/kind.ts'
import { toast } from '../../lib/toaster.ts'
import { ORDER_CREATE } from './orderRequest.ts'
import { ADDRESS_ERROR, ORDER_NOT_CREATED, rejectionText } from './rejection.ts'

/** What became of one queued order in a drain. */
export type DrainOutcome =
  | { clientId: string; kind: 'sent'; order: Order; priceChange: PriceChange | null }
  | { clientId: string; kind: 'rejected'; reason: string; status: number }
  | { clientId: string; kind: 'waiting'; error: string }

type SendOrder = (userId: number, request: CreateOrderRequest) => Promise<CreateOrderResult>

function report(settled: Settled<Dated<Order>, never>): DrainOutcome {
  const clientId = settled.row.id
  if (settled.status === 'acknowledged') {
    const order = settled.body.body
    // The total this device ordered at (the queued request) against the one the server placed it at.
    const ordered = v.safeParse(CreateOrderRequestSchema, settled.row.request)
    const priceChange = ordered.success ? orderedPriceChange(ordered.output.order, order.total_price) : null
    return { clientId, kind: 'sent', order, priceChange }
  }
  if (settled.status === 'rejected') return { clientId, kind: 'rejected', reason: settled.reason, status: settled.refusal.status }
  return { clientId, kind: 'waiting', error: settled.error }
}

/** Tells the customer what became of queued orders, also ones placed before the app was last closed. */
function announce(outcomes: readonly DrainOutcome[]): void {
  for (const outcome of outcomes) {
    if (outcome.kind === 'sent' && outcome.priceChange) {
      const was = formatRand(outcome.priceChange.was, i18n.locale)
      const now = formatRand(outcome.priceChange.now, i18n.locale)
      toast.show(t`Your order ${outcome.order.number} was sent. Its price changed from ${was} to ${now} since you ordered: check it before you pay.`, 8000)
    } else if (outcome.kind === 'sent') toast.success(t`Your order ${outcome.order.number} was sent.`, 4000)
    if (outcome.kind === 'rejected') toast.error(rejectionText(i18n, outcome.reason), 3000)
  }
}

/**
 * A queued order (kind 'order.create'): it goes only under its own customer's session, and the server's answer
 * becomes a fact of the order's log (acknowledged with the server's order, or rejected with the reason shown).
 */
export function orderOutbox(send: SendOrder = createOrder): OutboxKind<CreateOrderRequest, Dated<Order>, never, DrainOutcome> {
  return {
    kind: ORDER_CREATE,
    request: CreateOrderRequestSchema,
    mayGo: (row, signedIn) => signedIn !== undefined && belongsTo(row, signedIn),
    async send(request, { row }) {
      // mayGo: the row's own customer is the one signed in.
      const result = await send(row.customerId as number, request)
      if (result.kind === 'created') return { kind: 'accepted', body: { body: result.order, fetchedAt: result.fetchedAt } }
      if (result.kind === 'refused')
        return {
          kind: 'refused',
          status: result.status,
          error: result.error,
          ...(result.retryAfterMs === undefined ? {} : { retryAfterMs: result.retryAfterMs }),
        }
      return result
    },
    acknowledged: (row, { body: order, fetchedAt }) => ({
      fact: makeFact('v1.OrderAcknowledged', { clientId: row.id, order }, stampNow()),
      after: () => saveOrder(row.customerId as number, order, fetchedAt),
    }),
    rejected(row, refusal) {
      const reason = refusal.onDevice ? ORDER_NOT_CREATED : refusal.error || ADDRESS_ERROR
      const status = refusal.onDevice ? null : refusal.status
      return { error: reason, fact: makeFact('v1.OrderRejected', { clientId: row.id, reason, status }, stampNow()) }
    },
    report,
    announce,
  }
}
