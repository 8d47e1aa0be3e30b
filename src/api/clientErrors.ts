import type { ClientErrorReport } from '../domain/clientError.ts'
import type { Answer } from '../outbox/kind.ts'
import { api, toApiError } from './client.ts'
import { retryAfterMs } from './queuedWrite.ts'

/**
 * POST /v2/client_errors: one error report. Without the session cookie: a report says what broke, never for whom.
 */
export async function sendClientError(report: ClientErrorReport): Promise<Answer<undefined, undefined>> {
  try {
    const reply = await api.raw('/v2/client_errors', { method: 'POST', body: report, credentials: 'omit', ignoreResponseError: true })
    if (reply.ok) return { kind: 'accepted', body: undefined }
    return { kind: 'refused', status: reply.status, error: '', retryAfterMs: retryAfterMs(reply.headers.get('retry-after')) }
  } catch (e) {
    return { kind: 'no-answer', error: toApiError(e).message }
  }
}
