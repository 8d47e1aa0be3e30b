import { applyAccountAnswer, applyAuthFact, CUSTOMER_PROJECTION_VERSION, noCustomer, type KnownCustomer } from '../domain/customerProjection.ts'
import { isAccountFact, isAuthFact } from '../domain/events.ts'
import type { Projection } from './projection.ts'

/** The known customer read model: what a reload shows while the network is away. */
export const customerProjection: Projection<KnownCustomer> = {
  name: 'customer',
  version: CUSTOMER_PROJECTION_VERSION,
  table: 'customer',
  initial: noCustomer,
  apply: (state, fact) => (isAuthFact(fact) ? applyAuthFact(state, fact) : isAccountFact(fact) ? applyAccountAnswer(state, fact) : state),
}
