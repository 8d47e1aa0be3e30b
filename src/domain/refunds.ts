/**
 * Refunds: money the business gives back against one card or wallet payment, through the card provider's refund call.
 * The reasons are a fixed list, shared by the staff app (its select), the server (its check) and the customer's order
 * page (the reason in words). Nothing is imported, so the staff app's chunks never pull the storefront's (whose
 * shared modules start the customer's app); the schemas the server checks and answers with are in refundSchemas.ts.
 */
export const REFUND_REASONS = ['duplicate payment', 'cancelled line', 'order not delivered', 'goodwill', 'other'] as const
export type RefundReason = (typeof REFUND_REASONS)[number]

export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** The longest note a staff member may add to a refund. */
export const MAX_REFUND_NOTE = 500

/** Why a refund_due payment paid nothing (payments.refund_reason, migration 015). */
export const REFUND_DUE_REASONS = ['already paid', 'voided checkout', 'no customer'] as const
export type RefundDueReason = (typeof REFUND_DUE_REASONS)[number]

/** The refund reason a refund_due payment's refund most likely has: a second payment of a paid order is a duplicate. */
export const suggestedReason = (due: RefundDueReason | null): RefundReason => (due === 'already paid' ? 'duplicate payment' : 'other')
