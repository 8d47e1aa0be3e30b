import * as v from 'valibot'
import { UserReplySchema } from '../domain/account.ts'
import { ResetRefusedSchema, type ChangePassword, type LinkAnswer, type ResetAnswer, type ResetRefusal } from '../domain/password.ts'
import { api, ApiError, toApiError } from './client.ts'

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

const ErrorBody = v.object({ error: v.string() })

/** A 410 says why the link is refused; any other failure is thrown for the screen to show. */
async function linkCall<T>(path: string, body: object, good: (data: unknown) => T): Promise<T | { status: 'refused'; reason: ResetRefusal }> {
  let reply: Awaited<ReturnType<typeof api.raw>>
  try {
    reply = await api.raw(path, { method: 'POST', body, ignoreResponseError: true })
  } catch (e) {
    throw toApiError(e)
  }
  if (reply.status === 410) return { status: 'refused', reason: v.parse(ResetRefusedSchema, reply._data).reason }
  if (!reply.ok) {
    const body = v.safeParse(ErrorBody, reply._data)
    throw new ApiError(body.success ? body.output.error : reply.statusText, reply.status, reply.headers.get('x-request-id') ?? undefined)
  }
  return good(reply._data)
}

/** POST /auth/password/reset/check: whether the emailed link still works. */
export function checkResetLink(token: string): Promise<LinkAnswer> {
  return linkCall('/auth/password/reset/check', { token }, () => ({ status: 'good' as const }))
}

/** POST /auth/password/reset: the new password; the answer signs the customer in (cookie). */
export function resetPassword(token: string, password: string): Promise<ResetAnswer> {
  return linkCall('/auth/password/reset', { token, password }, (data) => ({ status: 'reset' as const, user: v.parse(UserReplySchema, data).user }))
}
