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

/** Intents and outside news the payment machine accepts (dotted, present tense). */
export type PaymentEvent =
  | { type: 'payment.card.start' }
  | { type: 'payment.wallet.start' }
  /** Google Pay authorised the payment; `key` is the payment's Idempotency-Key, made by the sender with the intent. */
  | { type: 'payment.wallet.authorised'; paymentData: WalletPaymentData; key: string }
  | { type: 'payment.wallet.cancelled' }
  | { type: 'payment.wallet.failed'; message: string }
  | { type: 'payment.widget.loaded' }
  | { type: 'payment.widget.failed'; message: string }
  | { type: 'payment.widget.retry' }
  | { type: 'payment.status.check' }
  | { type: 'payment.retry' }
  | { type: 'payment.connection.lost' }
  | { type: 'payment.connection.restored' }

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
} satisfies Record<PaymentEvent['type'], v.GenericSchema>

/** The order as the payment page needs it. */
export interface PayableOrder {
  id: number
  number: string
  total: number
  status: string
}

/** Where a page starts: the order page pays, the widget page shows a checkout, the status page asks for its result. */
export type PaymentInput =
  | { stage: 'order'; orderId: string; online: boolean }
  | { stage: 'widget'; checkoutId: string; online: boolean }
  | { stage: 'status'; checkoutId: string; online: boolean }

const PageIdSchema = v.pipe(v.string(), v.nonEmpty())
// union and literals rather than variant and boolean: valibot is one chunk shared with the storefront's first load.
const OnlineSchema = v.union([v.literal(true), v.literal(false)])

/** PaymentInput checked: where a payment page starts. */
export const PaymentInputSchema = v.union([
  v.object({ stage: v.literal('order'), orderId: PageIdSchema, online: OnlineSchema }),
  v.object({ stage: v.literal('widget'), checkoutId: PageIdSchema, online: OnlineSchema }),
  v.object({ stage: v.literal('status'), checkoutId: PageIdSchema, online: OnlineSchema }),
])

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
