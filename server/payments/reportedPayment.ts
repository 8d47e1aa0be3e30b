import { outcomeOf, PAYMENT_CURRENCY } from '../../src/domain/payment.ts'
import type { Partner } from '../orders/partner.ts'
import type { NetworkSource } from '../../src/domain/service.ts'
import type { Db } from '../db/types.ts'
import type { ProviderPayment } from './provider.ts'
import { recordPaymentOnce } from './recordPayment.ts'
import type { Recorded } from './recordPayment.ts'
import type { FinanceNotice } from './financeNotice.ts'
import type { Logger } from '../log.ts'
import { pushPaymentFailed } from '../push/paymentPushes.ts'
import { paymentAttempted } from './cardPayments.ts'

/** What became of a payment the provider reported on its own (a webhook) or when asked (the worker, a wallet retry). */
export type ReportedOutcome =
  /** Saved now, paying its order. */
  | 'recorded'
  /** Saved now, paying nothing (its order paid already, its checkout voided, its customer deleted): flagged for refund. */
  | 'refund_due'
  /** Saved before (by the browser's poll, the worker or an earlier notification): nothing changed. */
  | 'known'
  /** Not a successful payment: nothing to save. */
  | 'unpaid'
  /** Not one of ours: no order with that merchantTransactionId, or a card payment on a checkout we never made. */
  | 'unknown'

const reported: Record<Recorded, ReportedOutcome> = { credited: 'recorded', refund_due: 'refund_due', known: 'known' }

/**
 * Records a successful payment the provider reported, through the one recording path. Which order it paid is its
 * merchantTransactionId (the order number); a payment made on a checkout names the checkout in `ndc`, and is recorded
 * for that checkout with the amount it was created for; a Google Pay payment is the wallet's, for the order's total.
 */
export async function recordReportedPayment(
  db: Db,
  partner: Partner,
  network: NetworkSource,
  payment: ProviderPayment,
  log: Logger,
  notice?: FinanceNotice,
): Promise<ReportedOutcome> {
  if (outcomeOf(payment.result.code) !== 'successful') {
    if (outcomeOf(payment.result.code) === 'failed') await pushDeclinedCheckout(db, payment)
    return 'unpaid'
  }
  if (!payment.merchantTransactionId) return 'unknown'
  const [order] = await db.query<{ id: number; order_number: string; total_price: number }>(
    'select id, order_number, total_price from orders where order_number = $1',
    [payment.merchantTransactionId],
  )
  if (!order) return 'unknown'
  const [checkout] = payment.ndc
    ? await db.query<{ id: string; amount: number; currency: string }>('select id, amount, currency from checkouts where id = $1 and order_id = $2', [
        payment.ndc,
        order.id,
      ])
    : []
  const common = { orderId: order.id, orderNumber: order.order_number, payment, partner, network, ...(notice ? { notice } : {}) }
  if (checkout) {
    const saved = await recordPaymentOnce(db, { ...common, method: 'card', checkoutId: checkout.id, amount: checkout.amount, currency: checkout.currency }, log)
    return reported[saved]
  }
  if (payment.paymentBrand !== 'GOOGLEPAY') return 'unknown'
  const saved = await recordPaymentOnce(db, { ...common, method: 'wallet', checkoutId: null, amount: order.total_price, currency: PAYMENT_CURRENCY }, log)
  return reported[saved]
}

/** A card declined on one of our checkouts, reported by the provider (perhaps after the customer left): their devices are told, once per checkout. */
async function pushDeclinedCheckout(db: Db, payment: ProviderPayment): Promise<void> {
  if (!payment.ndc || !payment.merchantTransactionId || !paymentAttempted(payment)) return
  await db.transaction(async (tx) => {
    const [checkout] = await tx.query<{ id: string; order_id: number; amount: number }>(
      'select c.id, c.order_id, c.amount from checkouts c join orders o on o.id = c.order_id where c.id = $1 and o.order_number = $2',
      [payment.ndc, payment.merchantTransactionId],
    )
    if (checkout) await pushPaymentFailed(tx, { orderId: Number(checkout.order_id), attempt: `checkout:${checkout.id}`, amount: Number(checkout.amount) })
  })
}
