import { fetchSession } from '../../../api/account.ts'
import type { Auth } from '../../../lib/sessionStore.ts'

/** After a confirmed email change: a device signed in as that customer asks again, so it (and its other tabs) show the new email at once. */
export async function showNewEmail(auth: Auth): Promise<void> {
  if (auth.session.get().status !== 'customer') return
  const user = await fetchSession().catch(() => null)
  if (user) await auth.adoptCustomer(user)
}
