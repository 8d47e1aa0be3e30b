import { t } from '@lingui/core/macro'
import { sendSupportMessage, type SupportIssue, type SupportSendResult } from '../../api/support.ts'
import { SupportRequestSchema, type SupportMessage, type SupportRequest } from '../../domain/support.ts'
import { enqueue, queuedRow } from '../../outbox/table.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { newId } from '../../lib/ids.ts'
import type { OutboxKind, Settled, SignedIn } from '../../outbox/kind.ts'
import { toast } from '../../lib/toaster.ts'

export const SUPPORT_MESSAGE = 'support.message'

/** What became of one support message in a drain; `waited` when it went out only after an earlier failed try. */
export type SupportOutcome = { id: string; customerId: number | null } & (
  | { kind: 'sent'; reference: string; waited: boolean }
  | { kind: 'rejected'; error: string; issues: SupportIssue[] }
  | { kind: 'waiting'; error: string }
)

type SendSupport = (request: SupportRequest, options: { withSession: boolean }) => Promise<SupportSendResult>
type Sent = { reference: string }
type Refused = { error: string; issues: SupportIssue[] }

// Retry reasons the server gave are written "HTTP <status>"; anything else is a missing answer (offline).
const SERVER_WAIT = /^HTTP \d+$/

/** Why an open row waits: for the connection, or because the server asked (429, 5xx). */
export const waitingFor = (row: OutboxRow): 'connection' | 'server' => (SERVER_WAIT.test(row.lastError ?? '') ? 'server' : 'connection')

/** Commits the intent: the message goes into the outbox with a fresh id (its Idempotency-Key), sent by the outbox. */
export async function queueSupportMessage(customerId: number, message: SupportMessage): Promise<string> {
  const id = newId()
  const request: SupportRequest = { id, message }
  await enqueue(queuedRow(id, SUPPORT_MESSAGE, request, customerId))
  return id
}

function report(settled: Settled<Sent, Refused>): SupportOutcome {
  const base = { id: settled.row.id, customerId: settled.row.customerId ?? null }
  if (settled.status === 'acknowledged') return { ...base, kind: 'sent', reference: settled.body.reference, waited: settled.row.attempts > 1 }
  if (settled.status === 'rejected') return { ...base, kind: 'rejected', ...refusedAnswer(settled.refusal) }
  return { ...base, kind: 'waiting', error: settled.error }
}

/** The server's refusal, or the device's own when the stored message no longer reads. */
const refusedAnswer = (refusal: { error: string; body?: Refused }): Refused => refusal.body ?? { error: refusal.error, issues: [] }

/** A message that waited and then went out is announced to its own customer only (another may be signed in now). */
function announce(outcomes: readonly SupportOutcome[], signedIn: SignedIn): void {
  for (const outcome of outcomes) {
    if (outcome.kind !== 'sent' || !outcome.waited || outcome.customerId !== signedIn) continue
    const reference = outcome.reference
    toast.success(t`Your support message was sent. Your reference is ${reference}.`, 4000)
  }
}

/**
 * A queued support message (kind 'support.message'), sent whoever is signed in once the session is known: a
 * message the customer sent is theirs to deliver even after a logout (it names its own sender); screens show it
 * only to that customer, and it goes without the cookie when another customer is signed in.
 */
export function supportOutbox(send: SendSupport = sendSupportMessage): OutboxKind<SupportRequest, Sent, Refused, SupportOutcome> {
  return {
    kind: SUPPORT_MESSAGE,
    request: SupportRequestSchema,
    // After the session check, so a message goes with its own customer's cookie when they are the one signed in.
    mayGo: (_row, signedIn) => signedIn !== undefined,
    // A returning connection says nothing about a server that asked us to wait.
    hurried: (row) => waitingFor(row) === 'connection',
    async send(request, { row, signedIn }) {
      const result = await send(request, { withSession: row.customerId !== undefined && row.customerId === signedIn })
      if (result.kind === 'sent') return { kind: 'accepted', body: { reference: result.reference } }
      if (result.kind === 'no-answer') return result
      // The row's last error names the status only: that is how a screen tells a server's wait from a lost connection.
      const { status, error, issues, retryAfterMs } = result
      return { kind: 'refused', status, error: '', body: { error, issues }, retryAfterMs }
    },
    // Sent: the device keeps the reference and forgets the text.
    acknowledged: (row, sent) => ({ keep: { request: { id: row.id }, answer: { reference: sent.reference } } }),
    // Refused: never retried; the text stays so its customer can correct it and send again.
    rejected: (_row, refusal) => {
      const answer = refusedAnswer(refusal)
      return { error: answer.error || `HTTP ${refusal.status}`, keep: { answer } }
    },
    report,
    announce,
  }
}
