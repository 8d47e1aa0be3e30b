import { isDue, isTransient } from '../../../machines/outbox.lifecycle.ts'
import { logout, type LogoutResult } from '../../api/account.ts'
import { claimRow, openRows, settleRow } from '../../store/outbox.ts'
import { newId } from '../../lib/ids.ts'
import { withOutboxLock } from '../../lib/outboxLock.ts'
import { recordSignOut } from './knownCustomer.ts'
import { dropSessionHint, sessionTag } from './signedInHint.ts'

export const AUTH_LOGOUT = 'auth.logout'

/**
 * A logout ends the server session when the server can be reached. The device records it first, in one write: the
 * sign-out fact, the emptied cart and the session's tag in the outbox; then it forgets the hint (so it never asks the
 * server back into a session it left). This resolves once the logout is on the device; the send runs on in the
 * background, and a page that unloads first leaves it queued for the next start.
 */
export async function queueLogout(): Promise<void> {
  const session = sessionTag()
  const now = new Date().toISOString()
  const row = session === null ? null : { id: newId(), kind: AUTH_LOGOUT, request: { session }, status: 'pending' as const, attempts: 0, createdAt: now, nextAttemptAt: null, lastError: null }
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
  else void drainLogouts({ force: true }).catch(() => undefined)
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
export const settleLogouts = (): Promise<void> => drainLogouts({ force: true }).catch(() => undefined)

/** Sends the queued logouts, one tab at a time; each ends its own session once, whoever is signed in now. */
export function drainLogouts({ force = false, send = logout }: { force?: boolean; send?: typeof logout } = {}): Promise<void> {
  return withOutboxLock(async () => {
    for (const row of await openRows(AUTH_LOGOUT)) {
      if (!isDue(row, new Date(), force) || !(await claimRow(row.id))) continue
      const result: LogoutResult = await send(row.request as { session: string })
      if (result.kind === 'answered' && !isTransient(result.status)) await settleRow(row.id, { kind: 'answered', status: result.status })
      else await settleRow(row.id, result.kind === 'answered' ? { kind: 'answered', status: result.status } : { kind: 'no-answer', error: result.error }, { error: result.kind === 'answered' ? `HTTP ${result.status}` : result.error })
    }
  })
}
