import * as v from 'valibot'
import type { ClientErrorReport } from '../domain/clientError.ts'
import type { Answer } from '../outbox/kind.ts'
import { api, refusalOf } from './client.ts'

/**
 * POST /v2/client_errors: one error report. Without the session cookie: a report says what broke, never for whom.
 */
export async function sendClientError(report: ClientErrorReport): Promise<Answer<undefined, undefined>> {
  try {
    await api('/v2/client_errors', { method: 'POST', body: report, credentials: 'omit' })
    return { kind: 'accepted', body: undefined }
  } catch (e) {
    const failure = refusalOf(e, v.unknown())
    if (failure.kind === 'no-answer') return failure
    return { kind: 'refused', status: failure.status, error: '', retryAfterMs: failure.retryAfterMs }
  }
}
