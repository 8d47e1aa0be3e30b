import * as v from 'valibot'
import { MAX_ID } from './storable.ts'

/**
 * Refunds: money the business gives back against one card or wallet payment, through the card provider's refund call.
 * The reasons are a fixed list, shared by the staff app (its select), the server (its check) and the customer's order
 * page (the reason in words).
 */
export const REFUND_REASONS = ['duplicate payment', 'cancelled line', 'order not delivered', 'goodwill', 'other'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** The longest note a staff member may add to a refund. */
export const MAX_REFUND_NOTE = 500

/** A refund request as the staff app sends it (POST /api/staff/payments/{id}/refunds, with an Idempotency-Key). */
export const RefundRequestSchema = v.object({
  /** In cents, at most what remains of the payment (and of the line, for a line). */
  amount: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID)),
  reason: v.picklist(REFUND_REASONS),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MAX_REFUND_NOTE)), ''),
  /** The order line a partial refund is for (its number in the order): a cancelled line. */
  orderLine: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)))),
})
export type RefundRequest = v.InferOutput<typeof RefundRequestSchema>

/** A refund as the customer's order reply lists it: what came back, when, and why (only refunds made). */
export const OrderRefundSchema = v.object({
  /** Rand, as the order's prices. */
  amount: v.number(),
  /** ISO time the provider confirmed it. */
  refundedAt: v.string(),
  reason: v.picklist(REFUND_REASONS),
  /** The order line it was for, by number, when it was for one. */
  orderLine: v.optional(v.number()),
})
export type OrderRefund = v.InferOutput<typeof OrderRefundSchema>

/** Why a refund_due payment paid nothing (payments.refund_reason, migration 015). */
export const REFUND_DUE_REASONS = ['already paid', 'voided checkout', 'no customer'] as const
export type RefundDueReason = (typeof REFUND_DUE_REASONS)[number]

/** The refund reason a refund_due payment's refund most likely has: a second payment of a paid order is a duplicate. */
export const suggestedReason = (due: RefundDueReason | null): RefundReason => (due === 'already paid' ? 'duplicate payment' : 'other')
