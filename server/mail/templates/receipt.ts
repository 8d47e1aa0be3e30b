import { formatRand } from '../../../src/domain/money.ts'
import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

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

/** Sent once, in the order's language, when a payment is recorded as paying its order (server/payments/recordPayment.ts). */
export const receiptMail: MailTemplate<ReceiptValues> = {
  name: 'receipt',
  render: (i18n, { firstName, orderNumber, amount, items, paidWith }) => ({
    subject: i18n._({ id: 'receipt.subject', message: 'Your {shop} receipt for order {orderNumber}', values: { shop: shopName, orderNumber } }),
    greeting: greeting(i18n, firstName),
    intro: [
      i18n._({
        id: 'receipt.paid',
        message: 'Thank you: we received your payment of {amount} ({paidWith}) for order {orderNumber}.',
        values: { amount: formatRand(amount, i18n.locale), paidWith, orderNumber },
      }),
      i18n._({ id: 'receipt.items', message: 'You bought: {items}.', values: { items: items.join(', ') } }),
    ],
    outro: [
      i18n._({
        id: 'receipt.invoice',
        message: 'Your tax invoice is on the order page in the app: open Orders, then order {orderNumber}, then Tax invoice.',
        values: { orderNumber },
      }),
    ],
  }),
}
