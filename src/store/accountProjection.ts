import { ACCOUNT_PROJECTION_VERSION, type AccountEdits, applyAccountFact, noAccountEdits, withoutCustomerEdits } from '../domain/accountProjection.ts'
import { isAccountFact } from '../domain/events.ts'
import type { Projection } from './projection.ts'

/** The account edits made on this device: a waiting one shows at once and after a reload offline, a refused one reopens its form. */
export const accountProjection: Projection<AccountEdits> = {
  name: 'account',
  version: ACCOUNT_PROJECTION_VERSION,
  table: 'account',
  initial: noAccountEdits,
  apply: (state, fact) => {
    if (isAccountFact(fact)) return applyAccountFact(state, fact)
    return fact.type === 'v1.AccountDeleted' ? withoutCustomerEdits(state, fact.payload.customerId) : state
  },
}
