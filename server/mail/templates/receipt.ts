import { formatRand } from '../../../src/domain/money.ts'
import { textMail } from '../textMail.ts'

export interface ReceiptValues {
  firstName: string
  orderNumber: string
  /** Rand paid, VAT included. */
  amount: number
  /** What was bought, one name per order line. */
  items: string[]
  /** The card brand and its last digits, or the wallet, as the payment record has them: "VISA ending 0000". */
  paidWith: string
}

/** Sent once, in the customer's account language, when a payment is recorded as paying its order (server/payments/recordPayment.ts). */
export const receiptMail = textMail<ReceiptValues>({
  name: 'receipt',
  subject: /*i18n*/ { id: 'receipt.subject', message: 'Your {shop} receipt for order {orderNumber}' },
  greets: 'firstName',
  intro: [
    /*i18n*/ { id: 'receipt.paid', message: 'Thank you: we received your payment of {amount} ({paidWith}) for order {orderNumber}.' },
    /*i18n*/ { id: 'receipt.items', message: 'You bought: {items}.' },
  ],
  outro: [
    /*i18n*/ {
      id: 'receipt.invoice',
      message: 'Your tax invoice is on the order page in the app: open Orders, then order {orderNumber}, then Tax invoice.',
    },
  ],
  placeholders: ({ orderNumber, amount, items, paidWith }, i18n) => ({
    orderNumber,
    amount: formatRand(amount, i18n.locale),
    items: items.join(', '),
    paidWith,
  }),
})
