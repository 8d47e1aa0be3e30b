import * as v from 'valibot'
import { MAX_REFUND_NOTE, REFUND_DUE_REASONS, REFUND_REASONS, REFUND_STATUSES } from './refunds.ts'
import { MAX_ID } from './storable.ts'

/** The staff API's refund bodies and answers, as the server checks and describes them (the staff app reads their types). */

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
