import * as v from 'valibot'
import { type User, UserSchema } from '../account.ts'
import { type AccountFact, accountFamily } from './accountFacts.ts'
import { defineFact, defineFamily, type FactOf } from './family.ts'

const facts = {
  /** Who is signed in on this device, so a reload offline still knows the customer. */
  'v1.CustomerSignedIn': defineFact('auth', v.object({ user: UserSchema })),
  'v1.CustomerSignedOut': defineFact('auth', v.object({})),
  /** The customer deleted their account: the device forgets them and everything it kept for them. */
  'v1.AccountDeleted': defineFact('auth', v.object({ customerId: v.number() })),
}

export type AuthFact = FactOf<typeof facts>

/** The customer this device last knew to be signed in; null after a sign-out. */
export interface KnownCustomer {
  customer: User | null
}

export const noCustomer = (): KnownCustomer => ({ customer: null })

/** The device forgets a deleted customer it knew to be signed in. */
const withoutCustomer = (state: KnownCustomer, customerId: number): KnownCustomer => (state.customer?.id === customerId ? noCustomer() : state)

/** Pure fold of one auth fact into the known customer. */
export function applyAuthFact(state: KnownCustomer, fact: AuthFact): KnownCustomer {
  switch (fact.type) {
    case 'v1.CustomerSignedIn':
      return { customer: fact.payload.user }
    case 'v1.CustomerSignedOut':
      return noCustomer()
    case 'v1.AccountDeleted':
      return withoutCustomer(state, fact.payload.customerId)
  }
}

/** The server's answer to an account edit is the customer as they are now, so a reload offline shows it. */
export function applyAccountAnswer(state: KnownCustomer, fact: AccountFact): KnownCustomer {
  if (fact.type !== 'v1.AccountEditAcknowledged') return state
  return state.customer?.id === fact.payload.user.id ? { customer: fact.payload.user } : state
}

const isAuthFact = (fact: AuthFact | AccountFact): fact is AuthFact => Object.hasOwn(facts, fact.type)

export const authFamily = defineFamily<typeof facts, KnownCustomer, AccountFact, 'customer'>({
  stream: 'auth',
  facts,
  erasure: {
    'v1.CustomerSignedIn': { customer: (fact) => fact.payload.user.id },
    // A sign-out and a deletion name nobody's data: the deletion is what the device keeps of the erasure.
    'v1.CustomerSignedOut': 'names nobody',
    'v1.AccountDeleted': 'names nobody',
  },
  projection: {
    name: 'customer',
    version: 1,
    table: 'customer',
    since: 2,
    initial: noCustomer,
    streams: ['auth', accountFamily.stream],
    apply: (state, fact: AuthFact | AccountFact) => (isAuthFact(fact) ? applyAuthFact(state, fact) : applyAccountAnswer(state, fact)),
    forget: withoutCustomer,
  },
})
