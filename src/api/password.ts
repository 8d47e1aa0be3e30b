import * as v from 'valibot'
import { UserReplySchema } from '../domain/account.ts'
import { ResetRefusedSchema, type ChangePassword, type LinkAnswer, type ResetAnswer, type ResetRefusal } from '../domain/password.ts'
import { api, refusalOf, toApiError } from './client.ts'

/** POST /auth/password: 204; 403 for a wrong current password, 429 after too many, 400 for a new password the rule refuses. */
export async function changePassword(body: ChangePassword): Promise<void> {
  try {
    await api('/auth/password', { method: 'POST', body })
  } catch (e) {
    throw toApiError(e)
  }
}

/** POST /auth/password/forgot: 202 whether or not the email has an account; 429 when asked too often. */
export async function requestResetLink(email: string): Promise<void> {
  try {
    await api('/auth/password/forgot', { method: 'POST', body: { email } })
  } catch (e) {
    throw toApiError(e)
  }
}

/** A 410 says why the link is refused; any other failure is thrown for the screen to show. */
async function linkCall<T>(path: string, body: object, good: (data: unknown) => T): Promise<T | { status: 'refused'; reason: ResetRefusal }> {
  try {
    return good(await api(path, { method: 'POST', body }))
  } catch (e) {
    const failure = refusalOf(e, ResetRefusedSchema)
    if (failure.kind === 'refused' && failure.status === 410 && failure.body !== null) return { status: 'refused', reason: failure.body.reason }
    throw toApiError(e)
  }
}

/** POST /auth/password/reset/check: whether the emailed link still works. */
export function checkResetLink(token: string): Promise<LinkAnswer> {
  return linkCall('/auth/password/reset/check', { token }, () => ({ status: 'good' as const }))
}

/** POST /auth/password/reset: the new password; the answer signs the customer in (cookie). */
export function resetPassword(token: string, password: string): Promise<ResetAnswer> {
  return linkCall('/auth/password/reset', { token, password }, (data) => ({ status: 'reset' as const, user: v.parse(UserReplySchema, data).user }))
}
