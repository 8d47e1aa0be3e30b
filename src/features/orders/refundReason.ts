import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RefundReason } from '../../domain/refunds.ts'

const reasons: Record<RefundReason, MessageDescriptor> = {
  'duplicate payment': msg`You paid for this order twice`,
  'cancelled line': msg`Part of the order was cancelled`,
  'order not delivered': msg`The order could not be delivered`,
  goodwill: msg`A gesture of goodwill`,
  other: msg`Money we owed you`,
}

/** Why the customer got money back, in the active language (a reason this build does not know reads as money owed). */
export const refundReasonText = (i18n: I18n, reason: string): string => i18n._(reasons[reason as RefundReason] ?? reasons.other)
