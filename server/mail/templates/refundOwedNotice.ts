import type { RefundDueReason } from '../../../src/domain/refunds.ts'
import { formatRand } from '../../../src/domain/money.ts'
import { textMail } from '../textMail.ts'

export interface RefundOwedNoticeValues {
  orderNumber: string
  /** Rand taken that paid nothing. */
  amount: number
  reason: RefundDueReason
  /** The staff app's refunds queue: PUBLIC_URL/staff/payments. */
  link: string
}

/**
 * Sent to FINANCE_EMAIL, in the transaction that marks a payment refund_due (server/payments/recordPayment.ts): money
 * was taken that paid nothing, and is owed back. The team reads English, as the support notice.
 */
export const refundOwedNoticeMail = textMail<RefundOwedNoticeValues>({
  name: 'refundOwedNotice',
  subject: /*i18n*/ { id: 'refundOwedNotice.subject', message: '{orderNumber}: a payment of {amount} is owed back' },
  intro: [
    ({ reason }) =>
      reason === 'already paid'
        ? /*i18n*/ {
            id: 'refundOwedNotice.alreadyPaid',
            message: 'A payment of {amount} for order {orderNumber} came after the order was paid: the customer paid twice.',
          }
        : reason === 'voided checkout'
          ? /*i18n*/ {
              id: 'refundOwedNotice.voided',
              message: 'A payment of {amount} for order {orderNumber} was made on a checkout the shop no longer offered.',
            }
          : /*i18n*/ {
              id: 'refundOwedNotice.noCustomer',
              message: 'A payment of {amount} for order {orderNumber} arrived after its customer deleted their account.',
            },
    /*i18n*/ { id: 'refundOwedNotice.owed', message: 'It paid nothing, so it is owed back: refund it from the refunds queue.' },
  ],
  action: { label: /*i18n*/ { id: 'refundOwedNotice.action', message: 'Open the refunds queue' }, link: 'link' },
  outro: [],
  placeholders: ({ orderNumber, amount }, i18n) => ({ orderNumber, amount: formatRand(amount, i18n.locale) }),
})
