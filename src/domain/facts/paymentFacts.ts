import * as v from 'valibot'
import { CheckoutSchema, outcomeOfStatus, ResultSchema, type Checkout, type PaymentOutcome, type PaymentResult } from '../payment.ts'
import { defineFact, defineFamily, type FactOf, type FactStamp } from './family.ts'

const facts = {
  /** The card checkout this device created, and each answer the provider gave. */
  'v1.PaymentCheckoutCreated': defineFact('payments', v.object({ checkout: CheckoutSchema, customerId: v.number() })),
  'v1.PaymentResultReceived': defineFact(
    'payments',
    v.object({
      customerId: v.number(),
      orderId: v.number(),
      checkoutId: v.nullable(v.string()),
      method: v.picklist(['card', 'wallet']),
      status: v.number(),
      result: ResultSchema,
    }),
  ),
}

export type PaymentFact = FactOf<typeof facts>

/** A card checkout created on this device, with the last answer the provider gave for it. */
export interface LocalCheckout {
  checkout: Checkout
  customerId: number
  createdAt: string
  outcome: PaymentOutcome | null
  result: PaymentResult | null
}

/** The last payment answer per order, whichever way it was paid. */
export interface LastPayment {
  customerId: number
  method: 'card' | 'wallet'
  outcome: PaymentOutcome
  result: PaymentResult
  at: string
}

export interface LocalPayments {
  checkouts: Record<string, LocalCheckout>
  byOrder: Record<string, LastPayment>
}

export const noLocalPayments = (): LocalPayments => ({ checkouts: {}, byOrder: {} })

/** Pure fold of one payment fact. */
export function applyPaymentFact(state: LocalPayments, fact: PaymentFact & Pick<FactStamp, 'occurredAt'>): LocalPayments {
  switch (fact.type) {
    case 'v1.PaymentCheckoutCreated': {
      const { checkout, customerId } = fact.payload
      if (state.checkouts[checkout.checkoutId]) return state
      const created: LocalCheckout = { checkout, customerId, createdAt: fact.occurredAt, outcome: null, result: null }
      return { ...state, checkouts: { ...state.checkouts, [checkout.checkoutId]: created } }
    }
    case 'v1.PaymentResultReceived': {
      const { customerId, orderId, checkoutId, method, status, result } = fact.payload
      const outcome = outcomeOfStatus(status)
      if (!outcome) return state
      const known = checkoutId ? state.checkouts[checkoutId] : undefined
      return {
        checkouts: known ? { ...state.checkouts, [known.checkout.checkoutId]: { ...known, outcome, result } } : state.checkouts,
        byOrder: { ...state.byOrder, [String(orderId)]: { customerId, method, outcome, result, at: fact.occurredAt } },
      }
    }
  }
}

const notOf = <T extends { customerId: number }>(entries: Record<string, T>, customerId: number): Record<string, T> =>
  Object.fromEntries(Object.entries(entries).filter(([, entry]) => entry.customerId !== customerId))

/** The customer deleted their account: their checkouts and payment answers are forgotten with them. */
export const withoutCustomerPayments = (state: LocalPayments, customerId: number): LocalPayments => ({
  checkouts: notOf(state.checkouts, customerId),
  byOrder: notOf(state.byOrder, customerId),
})

export const paymentFamily = defineFamily({
  stream: 'payments',
  facts,
  erasure: {
    'v1.PaymentCheckoutCreated': { customer: (fact) => fact.payload.customerId },
    'v1.PaymentResultReceived': { customer: (fact) => fact.payload.customerId },
  },
  projection: {
    name: 'payments',
    version: 1,
    table: 'payments',
    since: 4,
    initial: noLocalPayments,
    streams: ['payments'],
    apply: applyPaymentFact,
    forget: withoutCustomerPayments,
  },
})
