import type { User } from './account.ts'
import type { AccountFact, AuthFact } from './events.ts'

/** The customer this device last knew to be signed in; null after a sign-out. */
export interface KnownCustomer {
  customer: User | null
}

export const CUSTOMER_PROJECTION_VERSION = 1

export const noCustomer = (): KnownCustomer => ({ customer: null })

/** Pure fold of one auth fact into the known customer. */
export function applyAuthFact(state: KnownCustomer, fact: AuthFact): KnownCustomer {
  switch (fact.type) {
    case 'v1.CustomerSignedIn':
      return { customer: fact.payload.user }
    case 'v1.CustomerSignedOut':
      return noCustomer()
    case 'v1.AccountDeleted':
      return state.customer?.id === fact.payload.customerId ? noCustomer() : state
  }
}

/** The server's answer to an account edit is the customer as they are now, so a reload offline shows it. */
export function applyAccountAnswer(state: KnownCustomer, fact: AccountFact): KnownCustomer {
  if (fact.type !== 'v1.AccountEditAcknowledged') return state
  return state.customer?.id === fact.payload.user.id ? { customer: fact.payload.user } : state
}
