import * as v from 'valibot'
import { SupportAnswerSchema, type SupportRequest } from '../domain/support.ts'
import { api, toApiError } from './client.ts'
import { retryAfterMs } from './queuedWrite.ts'

/** A refusal's field messages as the server names them, e.g. { path: 'message.email', message: 'Invalid email address.' }. */
export interface SupportIssue {
  path: string
  message: string
}

/** One attempt to send a support message: the reference, a refusal, or no answer at all. */
export type SupportSendResult =
  | { kind: 'sent'; reference: string }
  | { kind: 'refused'; status: number; error: string; issues: SupportIssue[]; retryAfterMs: number | null }
  | { kind: 'no-answer'; error: string }

const PathSchema = v.union([v.string(), v.array(v.union([v.string(), v.number()]))])
const RefusalSchema = v.object({
  error: v.optional(v.string(), ''),
  issues: v.optional(v.array(v.object({ path: PathSchema, message: v.string() })), []),
})

/**
 * POST /support/messages with the message's id as Idempotency-Key: a repeat answers the same reference.
 * `withSession: false` leaves the cookie out, so the server cannot file the message under whoever is signed in now.
 */
export async function sendSupportMessage(request: SupportRequest, { withSession = true } = {}): Promise<SupportSendResult> {
  try {
    const reply = await api.raw('/support/messages', {
      method: 'POST',
      body: request,
      headers: { 'Idempotency-Key': request.id },
      credentials: withSession ? 'same-origin' : 'omit',
      ignoreResponseError: true,
    })
    if (reply.ok) {
      const answer = v.safeParse(SupportAnswerSchema, reply._data)
      // A 2xx we cannot read (a proxy's page) is not a reference: ask again later, the key keeps it one message.
      return answer.success ? { kind: 'sent', reference: answer.output.reference } : { kind: 'refused', status: 502, error: '', issues: [], retryAfterMs: null }
    }
    const body = v.safeParse(RefusalSchema, reply._data)
    const issues = body.success ? body.output.issues.map((i) => ({ path: typeof i.path === 'string' ? i.path : i.path.join('.'), message: i.message })) : []
    return {
      kind: 'refused',
      status: reply.status,
      error: body.success ? body.output.error : '',
      issues,
      retryAfterMs: retryAfterMs(reply.headers.get('retry-after')),
    }
  } catch (e) {
    return { kind: 'no-answer', error: toApiError(e).message }
  }
}
