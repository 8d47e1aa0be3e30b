import * as v from 'valibot'
import { SupportAnswerSchema, type SupportRequest } from '../domain/support.ts'
import { api, refusalOf } from './client.ts'
import type { CustomerAnswer } from '../domain/conversations.ts'

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
    const reply = await api('/support/messages', {
      method: 'POST',
      body: request,
      headers: { 'Idempotency-Key': request.id },
      credentials: withSession ? 'same-origin' : 'omit',
    })
    return { kind: 'sent', reference: v.parse(SupportAnswerSchema, reply).reference }
  } catch (e) {
    const failure = refusalOf(e, RefusalSchema)
    if (failure.kind === 'no-answer') return failure
    const { status, body, retryAfterMs } = failure
    const issues = (body?.issues ?? []).map((i) => ({ path: typeof i.path === 'string' ? i.path : i.path.join('.'), message: i.message }))
    return { kind: 'refused', status, error: body?.error ?? '', issues, retryAfterMs }
  }
}

/** One attempt to send the customer's answer in a conversation. */
export type AnswerSendResult =
  | { kind: 'sent' }
  | { kind: 'refused'; status: number; error: string; retryAfterMs: number | null }
  | { kind: 'no-answer'; error: string }

/** POST /support/messages/:reference/replies with the answer's id as Idempotency-Key: a repeat is answered the same. */
export async function sendConversationAnswer(reference: string, answer: CustomerAnswer): Promise<AnswerSendResult> {
  try {
    await api(`/support/messages/${encodeURIComponent(reference)}/replies`, { method: 'POST', body: answer, headers: { 'Idempotency-Key': answer.id } })
    return { kind: 'sent' }
  } catch (e) {
    const failure = refusalOf(e, RefusalSchema)
    if (failure.kind === 'no-answer') return failure
    return { kind: 'refused', status: failure.status, error: failure.body?.error ?? '', retryAfterMs: failure.retryAfterMs }
  }
}
