import * as v from 'valibot'
import { logout } from '../../../api/account.ts'
import { openRows, queuedRow } from '../../../outbox/table.ts'
import { newId } from '../../../lib/ids.ts'
import type { OutboxKind } from '../../../outbox/kind.ts'
import type { OutboxPort } from '../../../lib/ports.ts'
import { recordSignOut } from './knownCustomer.ts'
import { dropSessionHint, sessionTag } from '../../../lib/signedInHint.ts'

export const AUTH_LOGOUT = 'auth.logout'

/**
 * A logout ends the server session when the server can be reached. The device records it first, in one write: the
 * sign-out fact, the emptied cart and the session's tag in the outbox; then it forgets the hint (so it never asks the
 * server back into a session it left). This resolves once the logout is on the device; the send runs on in the
 * background, and a page that unloads first leaves it queued for the next start.
 */
export async function queueLogout(outbox: OutboxPort): Promise<void> {
  const session = sessionTag()
  const row = session === null ? null : queuedRow(newId(), AUTH_LOGOUT, { session })
  try {
    await recordSignOut(row)
  } catch {
    // The device cannot keep it (storage failing): end the session now if the server answers, and forget it anyway.
    dropSessionHint()
    void logout().catch(() => undefined)
    return
  }
  dropSessionHint()
  // No tag (a session from before tags): only the cookie can name it, so it is ended now or not at all.
  if (row === null) void logout().catch(() => undefined)
  else void outbox.sendNow(AUTH_LOGOUT).catch(() => undefined)
}

/** True when this device holds an unsent logout of the session its hint names: it must not be asked back into it. */
export async function logoutPendingFor(session: string | null): Promise<boolean> {
  if (session === null) return false
  return (await openRows(AUTH_LOGOUT)).some((row) => (row.request as { session?: string }).session === session)
}

/**
 * Before a sign-in: the queued logouts go first (or fail first), because a logout answered after the sign-in
 * would clear the new session's cookie along with the old one.
 */
export const settleLogouts = (outbox: OutboxPort): Promise<void> =>
  outbox.sendNow(AUTH_LOGOUT).then(
    () => undefined,
    () => undefined,
  )

/** A queued logout (kind 'auth.logout'): it ends the session its tag names, once, whoever is signed in now. */
export function logoutOutbox(send = logout): OutboxKind<{ session: string }> {
  return {
    kind: AUTH_LOGOUT,
    request: v.object({ session: v.string() }),
    async send(request) {
      const result = await send(request)
      if (result.kind === 'no-answer') return result
      return result.status >= 200 && result.status < 300 ? { kind: 'accepted', body: undefined } : { kind: 'refused', status: result.status, error: '' }
    },
  }
}
