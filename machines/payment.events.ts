import * as v from 'valibot'
import {
  WalletPaymentDataSchema,
  type Checkout,
  type PaymentResult,
  type PaymentStatus,
  type WalletPaymentAnswer,
  type WalletPaymentData,
} from '../src/domain/payment.ts'
import type { CallFailure } from './failure.ts'

/** The connection coming and going: every payment page hears it. */
type ConnectionEvent = { type: 'payment.connection.lost' } | { type: 'payment.connection.restored' }

/** What the order page's payment machine accepts (dotted, present tense): paying by card or Google Pay. */
export type PaymentEvent =
  | { type: 'payment.card.start' }
  | { type: 'payment.wallet.start' }
  /** Google Pay authorised the payment; `key` is the payment's Idempotency-Key, made by the sender with the intent. */
  | { type: 'payment.wallet.authorised'; paymentData: WalletPaymentData; key: string }
  | { type: 'payment.wallet.cancelled' }
  | { type: 'payment.wallet.failed'; message: string }
  | { type: 'payment.retry' }
  | ConnectionEvent

/** What the card widget page's machine accepts: the provider's script loading, failing, tried again. */
export type PaymentWidgetEvent =
  | { type: 'payment.widget.loaded' }
  | { type: 'payment.widget.failed'; message: string }
  | { type: 'payment.widget.retry' }
  | ConnectionEvent

/** What the card payment's status page accepts: asking the provider again. */
export type PaymentStatusEvent = { type: 'payment.status.check' } | ConnectionEvent

const MessageSchema = v.object({ message: v.pipe(v.string(), v.nonEmpty()) })

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const paymentEventSchemas = {
  'payment.card.start': v.object({}),
  'payment.wallet.start': v.object({}),
  'payment.wallet.authorised': v.object({ paymentData: WalletPaymentDataSchema, key: v.pipe(v.string(), v.uuid()) }),
  'payment.wallet.cancelled': v.object({}),
  'payment.wallet.failed': MessageSchema,
  'payment.widget.loaded': v.object({}),
  'payment.widget.failed': MessageSchema,
  'payment.widget.retry': v.object({}),
  'payment.status.check': v.object({}),
  'payment.retry': v.object({}),
  'payment.connection.lost': v.object({}),
  'payment.connection.restored': v.object({}),
} satisfies Record<(PaymentEvent | PaymentWidgetEvent | PaymentStatusEvent)['type'], v.GenericSchema>

/** The order as the payment page needs it. */
export interface PayableOrder {
  id: number
  number: string
  total: number
  status: string
}

/** The order page: the order to pay, and whether the browser is online as it opens. */
export interface PaymentInput {
  orderId: string
  online: boolean
}

/** The card widget and status pages: the checkout they show, and whether the browser is online as they open. */
export interface CheckoutPageInput {
  checkoutId: string
  online: boolean
}

const PageIdSchema = v.pipe(v.string(), v.nonEmpty())
// union and literals rather than boolean: valibot is one chunk shared with the storefront's first load.
const OnlineSchema = v.union([v.literal(true), v.literal(false)])

/** PaymentInput checked: the order page's start. */
export const PaymentInputSchema = v.object({ orderId: PageIdSchema, online: OnlineSchema })

/** CheckoutPageInput checked: the card widget's or status page's start. */
export const CheckoutPageInputSchema = v.object({ checkoutId: PageIdSchema, online: OnlineSchema })

/** Why a load failed: the server's refusal (403, 404), or no answer at all (status undefined). */
export type PaymentFailure = CallFailure

export interface LoadedOrder {
  order: PayableOrder
  /** True when the server could not be asked and the order comes from the device's cache. */
  cached: boolean
}

export interface WalletCharge {
  orderId: number
  total: number
  paymentData: WalletPaymentData
  /** The Idempotency-Key: one per authorisation, so a retried request pays once. */
  key: string
}

export type { Checkout, PaymentResult, PaymentStatus, WalletPaymentAnswer, WalletPaymentData }
