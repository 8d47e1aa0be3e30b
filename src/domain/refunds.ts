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

/** A refund as the staff API shows it; amounts in cents. */
export const StaffRefundSchema = v.object({
  id: v.number(),
  paymentId: v.number(),
  orderNumber: v.string(),
  amount: v.number(),
  currency: v.string(),
  reason: v.picklist(REFUND_REASONS),
  note: v.string(),
  orderLine: v.nullable(v.number()),
  status: v.picklist(REFUND_STATUSES),
  /** The email of the staff member who asked for it. */
  staff: v.nullable(v.string()),
  providerRefundId: v.nullable(v.string()),
  result: v.nullable(v.object({ code: v.string(), description: v.string() })),
  createdAt: v.string(),
  settledAt: v.nullable(v.string()),
})
export type StaffRefund = v.InferOutput<typeof StaffRefundSchema>

/** A payment as the refunds queue lists it (refund_due with something left), amounts in cents. */
export const RefundDueSchema = v.object({
  paymentId: v.number(),
  orderNumber: v.string(),
  customer: v.nullable(v.object({ id: v.number(), name: v.string(), email: v.string() })),
  amount: v.number(),
  /** Captured minus refunds pending or made. */
  remaining: v.number(),
  currency: v.string(),
  reason: v.nullable(v.picklist(REFUND_DUE_REASONS)),
  method: v.picklist(['card', 'wallet']),
  paidWith: v.string(),
  paidAt: v.string(),
})
export type RefundDue = v.InferOutput<typeof RefundDueSchema>

export const RefundsDueReplySchema = v.object({ payments: v.array(RefundDueSchema) })

/** One payment with its order's lines (for a line's refund) and its refunds. */
export const StaffPaymentReplySchema = v.object({
  payment: v.object({
    ...RefundDueSchema.entries,
    reconciliation: v.picklist(['credited', 'refund_due']),
    transactionId: v.string(),
    lines: v.array(v.object({ number: v.number(), name: v.string(), price: v.number(), status: v.string() })),
  }),
  refunds: v.array(StaffRefundSchema),
})
export type StaffPaymentReply = v.InferOutput<typeof StaffPaymentReplySchema>

/** The answer to a refund request: the refund (made 201, pending 202, refused by the provider 502), or a refusal. */
export const RefundReplySchema = v.object({ refund: v.optional(StaffRefundSchema), error: v.optional(v.string()), remaining: v.optional(v.number()) })
export type RefundReply = v.InferOutput<typeof RefundReplySchema>
