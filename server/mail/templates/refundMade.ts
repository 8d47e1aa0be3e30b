import type { MessageDescriptor } from '@lingui/core'
import { formatDate } from '../../../src/domain/dates.ts'
import { formatRand } from '../../../src/domain/money.ts'
import type { RefundReason } from '../../../src/domain/refunds.ts'
import { textMail } from '../textMail.ts'

export interface RefundMadeValues {
  firstName: string
  orderNumber: string
  /** Rand given back. */
  amount: number
  /** When the card provider made the refund (ISO time). */
  refundedAt: string
  reason: RefundReason
  /** The order line's name, for a refund of one line. */
  line: string | undefined
  /** The card (brand and last digits) or the wallet the payment was made with. */
  paidWith: string
}

/** Why, in the customer's words. */
const reasonWords: Record<RefundReason, MessageDescriptor> = {
  'duplicate payment': /*i18n*/ { id: 'refundMade.reason.duplicate', message: 'you paid for this order twice' },
  'cancelled line': /*i18n*/ { id: 'refundMade.reason.cancelledLine', message: 'part of your order was cancelled' },
  'order not delivered': /*i18n*/ { id: 'refundMade.reason.notDelivered', message: 'your order could not be delivered' },
  goodwill: /*i18n*/ { id: 'refundMade.reason.goodwill', message: 'a gesture of goodwill' },
  other: /*i18n*/ { id: 'refundMade.reason.other', message: 'money we owed you' },
}

/** Sent once, in the customer's account language, when the card provider has made a refund staff asked for (server/payments/refunds.ts). */
export const refundMadeMail = textMail<RefundMadeValues>({
  name: 'refundMade',
  subject: /*i18n*/ { id: 'refundMade.subject', message: 'We refunded {amount} for your {shop} order {orderNumber}' },
  greets: 'firstName',
  intro: [
    /*i18n*/ { id: 'refundMade.refunded', message: 'On {date} we refunded {amount} to {paidWith} for order {orderNumber}: {reason}.' },
    ({ line }) =>
      line === undefined
        ? /*i18n*/ { id: 'refundMade.wholeOrder', message: 'The rest of your order stays as it is.' }
        : /*i18n*/ { id: 'refundMade.line', message: 'The refund is for {line}.' },
  ],
  outro: [
    /*i18n*/ {
      id: 'refundMade.bank',
      message: 'Your bank may take up to ten working days to show it on your statement. The order page in the app shows every refund of the order.',
    },
  ],
  placeholders: ({ orderNumber, amount, refundedAt, reason, line, paidWith }, i18n) => ({
    orderNumber,
    amount: formatRand(amount, i18n.locale),
    date: formatDate(refundedAt, i18n.locale, 'long'),
    reason: i18n._(reasonWords[reason]),
    line: line ?? '',
    paidWith,
  }),
})
