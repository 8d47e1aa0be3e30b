import { isPaymentFact } from '../domain/events.ts'
import { applyPaymentFact, noLocalPayments, PAYMENTS_PROJECTION_VERSION, withoutCustomerPayments, type LocalPayments } from '../domain/paymentProjection.ts'
import type { Projection } from './projection.ts'

/** The checkouts created on this device and the provider's answers, so the widget and status pages survive a reload. */
export const paymentProjection: Projection<LocalPayments> = {
  name: 'payments',
  version: PAYMENTS_PROJECTION_VERSION,
  table: 'payments',
  initial: noLocalPayments,
  apply: (state, fact) => {
    if (isPaymentFact(fact)) return applyPaymentFact(state, fact)
    return fact.type === 'v1.AccountDeleted' ? withoutCustomerPayments(state, fact.payload.customerId) : state
  },
}
