import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RefundReason } from '../../domain/refunds.ts'

/** A refund's reason as staff read it (the customer reads it in their own words: src/features/orders/refundReason.ts). */
export const refundReasonLabels: Record<RefundReason, MessageDescriptor> = {
  'duplicate payment': msg`Duplicate payment`,
  'cancelled line': msg`Cancelled line`,
  'order not delivered': msg`Order not delivered`,
  goodwill: msg`Goodwill`,
  other: msg`Other`,
}
