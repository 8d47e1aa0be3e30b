import type { User } from '../domain/account.ts'
import { accountView, type AccountView } from '../domain/accountView.ts'
import { readAccountEdits, readKnownCustomer } from '../store/queries.ts'
import { useLiveRead } from '../store/useLiveRead.ts'

/**
 * The signed-in customer's account as every tab shows it: the device's record of them (the server's latest answer)
 * with the edits made on this device and not yet sent on top. Until the store answers, the session's own copy.
 */
export function useAccount(customer: User): AccountView {
  const stored = useLiveRead(async (store) => ({ known: await readKnownCustomer(store), edits: await readAccountEdits(store) }), [])
  const base = stored?.known && stored.known.id === customer.id ? stored.known : customer
  return accountView(base, stored?.edits ?? { pending: [], refused: [] })
}
