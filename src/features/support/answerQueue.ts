import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { sendConversationAnswer } from '../../api/support.ts'
import { refreshConversations } from './conversationsCache.ts'
import { i18n } from '../../i18n/i18n.ts'
import { newId } from '../../lib/ids.ts'
import { toast } from '../../lib/toaster.ts'
import { translateMessage } from '../../lib/validationMessages.ts'
import type { OutboxKind, Settled, SignedIn } from '../../outbox/kind.ts'
import { belongsTo } from '../../outbox/lifecycle.ts'
import { enqueue, queuedRow } from '../../outbox/table.ts'

/** Outbox kind of the customer's answer in a support conversation. */
export const SUPPORT_ANSWER = 'support.answer'

/**
 * A queued answer: the conversation's reference (the path) and the body, whose id is the Idempotency-Key. Read
 * loosely here: the page checked it with CustomerAnswerSchema, and the server checks it again.
 */
export const QueuedAnswerSchema = v.object({ reference: v.string(), answer: v.object({ id: v.string(), body: v.string() }) })
type QueuedAnswer = v.InferOutput<typeof QueuedAnswerSchema>

export type AnswerOutcome = { customerId: number | null; reference: string } & (
  | { kind: 'sent'; waited: boolean }
  | { kind: 'rejected'; reason: string }
  | { kind: 'waiting' }
)

/** Commits the intent: the answer goes into the outbox (kept on the device until the server has it), sent by the outbox. */
export async function queueAnswer(customerId: number, reference: string, body: string): Promise<string> {
  const id = newId()
  const request: QueuedAnswer = { reference, answer: { id, body } }
  await enqueue(queuedRow(id, SUPPORT_ANSWER, request, customerId))
  return id
}

const referenceOf = (request: unknown): string => (v.is(QueuedAnswerSchema, request) ? request.reference : '')

function report(settled: Settled<unknown, never>): AnswerOutcome {
  const base = { customerId: settled.row.customerId ?? null, reference: referenceOf(settled.row.request) }
  if (settled.status === 'acknowledged') return { ...base, kind: 'sent', waited: settled.row.attempts > 1 }
  if (settled.status === 'rejected') return { ...base, kind: 'rejected', reason: settled.reason }
  return { ...base, kind: 'waiting' }
}

/** An answer that waited for the connection is announced once sent; a refused one always. */
function announce(outcomes: readonly AnswerOutcome[], signedIn: SignedIn): void {
  for (const outcome of outcomes) {
    if (outcome.customerId !== signedIn) continue
    const { reference } = outcome
    if (outcome.kind === 'sent' && outcome.waited) toast.success(t`Your answer on ${reference} was sent.`, 4000)
    if (outcome.kind === 'rejected') {
      const reason = translateMessage(i18n, outcome.reason)
      toast.error(t`Your answer on ${reference} was not sent: ${reason}`, 3000)
    }
  }
}

/**
 * The customer's answer in a conversation (kind 'support.answer'): it goes only under its own customer's session,
 * once per id however often it is retried; once the server has it, the device's copy of the conversations is renewed.
 */
export function supportAnswerOutbox(send = sendConversationAnswer, refresh = refreshConversations): OutboxKind<QueuedAnswer, unknown, never, AnswerOutcome> {
  return {
    kind: SUPPORT_ANSWER,
    request: QueuedAnswerSchema,
    mayGo: (row, signedIn) => signedIn !== undefined && belongsTo(row, signedIn),
    async send(request) {
      const result = await send(request.reference, request.answer)
      if (result.kind === 'sent') return { kind: 'accepted', body: {} }
      if (result.kind === 'refused') return { kind: 'refused', status: result.status, error: result.error, retryAfterMs: result.retryAfterMs }
      return result
    },
    acknowledged: (row) => ({ keep: { answer: { sent: true } }, after: () => refresh(row.customerId as number) }),
    rejected: (_row, refusal) => ({ error: refusal.error || `HTTP ${refusal.status}` }),
    report,
    announce,
  }
}
