import * as v from 'valibot'
import { MAX_ID, storableText, unsavable } from './storable.ts'

/**
 * Payments: the result-code table, the amounts as each provider wants
 * them, and the bodies of the payment calls, shared by the client, the server and the payment machine.
 */

/** The status an order moves to once paid; it still looks initial (waiting for delivery). */
export const ORDER_STATUS_PAID = 'Queued for delivery'

export const PAYMENT_CURRENCY = 'ZAR'

/** Card brands the card widget accepts. */
export const CARD_BRANDS = ['VISA', 'MASTER', 'DISCOVER'] as const

export type PaymentOutcome = 'successful' | 'pending' | 'failed'

// The provider's published patterns, checked against the whole code in this order: 000.400.109 (not enrolled) is no success.
const SUCCESS = /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.1[12]0)/
const PENDING = /^(000\.200)/

/** What a provider result code means for the customer. */
export function outcomeOf(code: string): PaymentOutcome {
  if (SUCCESS.test(code)) return 'successful'
  if (PENDING.test(code)) return 'pending'
  return 'failed'
}

/** The HTTP status the payment-status call answers for each outcome: 200, 205 or 400. */
export const statusOfOutcome: Record<PaymentOutcome, 200 | 205 | 400> = { successful: 200, pending: 205, failed: 400 }

export function outcomeOfStatus(status: number): PaymentOutcome | null {
  if (status === 200) return 'successful'
  if (status === 205) return 'pending'
  if (status === 400) return 'failed'
  return null
}

const toCents = (rand: number) => Math.round(rand * 100)

/** Card checkout amount: two decimals ("299.00"). */
export const cardAmount = (rand: number): string => (toCents(rand) / 100).toFixed(2)

/** Wallet payment amount: ten decimals ("299.0000000000"). */
export const walletAmount = (rand: number): string => (toCents(rand) / 100).toFixed(10)

/** Whether a wallet amount (any number of decimals) is the order's total to the cent. */
export const sameAmount = (amount: string, rand: number): boolean => {
  const n = Number(amount)
  return Number.isFinite(n) && Math.round(n * 100) === toCents(rand)
}

/** A provider's checkout id (OPPWA: 32 hex characters, a dot and a host part). */
export const CheckoutIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9.-]{7,79}$/, 'Invalid checkout id.'))

const OrderIdSchema = v.pipe(
  // At most 15 digits either way: inside bigint, so an id too big for the database is a 400 like any other bad id.
  v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ID)), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))]),
  v.number(),
)

export const ResultSchema = v.object({ code: v.string(), description: v.string() })
export type PaymentResult = v.InferOutput<typeof ResultSchema>

/** Body of POST /api/v2/billing/partner/checkout/{user_id}: the order to pay; the amount comes from the server's order. */
export const CreateCheckoutRequestSchema = v.object({
  payment: v.object({ orderId: OrderIdSchema }),
})
export type CreateCheckoutRequest = v.InferInput<typeof CreateCheckoutRequestSchema>

/** The card checkout the server created with the provider. */
export const CheckoutSchema = v.object({
  checkoutId: CheckoutIdSchema,
  order_id: v.number(),
  order_number: v.string(),
  /** Two decimals, as sent to the provider. */
  amount: v.string(),
  currency: v.string(),
  /** The provider's widget script for this checkout, loaded by the widget page. */
  scriptUrl: v.string(),
})
export type Checkout = v.InferOutput<typeof CheckoutSchema>

/**
 * What a successful payment did, as the server recorded it: `paid` the order; `paid_twice`, paid nothing as the order
 * was paid by another payment, and is owed back; `refund_due`, paid nothing as its checkout had been replaced (the
 * order still waits for payment), and is owed back. The provider says "succeeded" to all three.
 */
export const RecordedPaymentSchema = v.picklist(['paid', 'paid_twice', 'refund_due'])
export type RecordedPayment = v.InferOutput<typeof RecordedPaymentSchema>

/** The payment status of a checkout: the outcome's status, the provider's result, the order; on a 200, what the payment did. */
export const PaymentStatusSchema = v.object({
  status: v.picklist([200, 205, 400]),
  result: ResultSchema,
  order_id: v.number(),
  order_number: v.string(),
  checkoutId: CheckoutIdSchema,
  recorded: v.optional(RecordedPaymentSchema),
})
export type PaymentStatus = v.InferOutput<typeof PaymentStatusSchema>

/**
 * A 205 answer carries no body (HTTP forbids one), so the pending status travels in these headers; the
 * description is percent-encoded.
 */
export const PAYMENT_STATUS_HEADERS = {
  code: 'Payment-Result-Code',
  description: 'Payment-Result-Description',
  orderId: 'Payment-Order-Id',
  orderNumber: 'Payment-Order-Number',
} as const

/** Wallet texts go on to the provider, whose answer the server records: refused here if PostgreSQL could not store them. */
const passedOn = (field: string) => v.pipe(v.string(), storableText(unsavable(field)))

/** What Google Pay's loadPaymentData answers, as far as the server needs it (Google's PaymentData shape). */
export const WalletPaymentDataSchema = v.object({
  apiVersion: v.number(),
  apiVersionMinor: v.number(),
  paymentMethodData: v.object({
    type: v.literal('CARD'),
    description: v.optional(passedOn('Description')),
    info: v.optional(v.object({ cardNetwork: v.optional(passedOn('Card network')), cardDetails: v.optional(passedOn('Card details')) })),
    tokenizationData: v.object({ type: passedOn('Token type'), token: v.pipe(passedOn('Token'), v.minLength(1), v.maxLength(20_000)) }),
  }),
})
export type WalletPaymentData = v.InferOutput<typeof WalletPaymentDataSchema>

/** Body of POST /api/v8/partner/billing/payment/: the payment, the customer and Google Pay's answer. */
export const WalletPaymentRequestSchema = v.object({
  payment: v.object({
    amount: v.pipe(v.string(), v.regex(/^\d{1,10}\.\d{10}$/, 'The amount must have ten decimals.')),
    orderId: OrderIdSchema,
    type: v.literal('cash'),
  }),
  user_id: OrderIdSchema,
  paymentData: WalletPaymentDataSchema,
})
export type WalletPaymentRequest = v.InferInput<typeof WalletPaymentRequestSchema>

/** The wallet payment's answer: 200 succeeded (and `recorded`, what it did), 400 declined (with the provider's result). */
export const WalletPaymentAnswerSchema = v.object({
  status: v.picklist([200, 400]),
  result: ResultSchema,
  order_id: v.number(),
  order_number: v.string(),
  payment_id: v.nullable(v.string()),
  recorded: v.optional(RecordedPaymentSchema),
})
export type WalletPaymentAnswer = v.InferOutput<typeof WalletPaymentAnswerSchema>
