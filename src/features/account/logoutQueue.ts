import { isDue, isTransient } from '../../../machines/outbox.lifecycle.ts'
import { logout, type LogoutResult } from '../../api/account.ts'
import { claimRow, enqueue, openRows, settleRow } from '../../store/outbox.ts'
import { newId } from '../cart/cartIds.ts'
import { withOutboxLock } from '../orders/outboxLock.ts'
import { dropSessionHint, sessionTag } from './signedInHint.ts'

export const AUTH_LOGOUT = 'auth.logout'

/**
 * A logout ends the server session when the server can be reached: the session's tag goes into the outbox, the
 * device forgets the hint at once (so it never asks the server back into a session it left), and a drain sends it.
 */
export async function queueLogout(): Promise<void> {
  const session = sessionTag()
  dropSessionHint()
  if (session === null) {
    // No tag (a session from before tags): only the cookie can name it, so it is ended now or not at all.
    await logout().catch(() => undefined)
    return
  }
  const now = new Date().toISOString()
  await enqueue({ id: newId(), kind: AUTH_LOGOUT, request: { session }, status: 'pending', attempts: 0, createdAt: now, nextAttemptAt: null, lastError: null })
  await drainLogouts({ force: true })
}

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
