import { fetchSession } from '../../../api/account.ts'
import { getSession } from '../../../lib/sessionStore.ts'
import { adoptCustomer } from '../session/authIntents.ts'

/** After a confirmed email change: a device signed in as that customer asks again, so it (and its other tabs) show the new email at once. */
export async function showNewEmail(): Promise<void> {
  if (getSession().status !== 'customer') return
  const user = await fetchSession().catch(() => null)
  if (user) await adoptCustomer(user)
}
