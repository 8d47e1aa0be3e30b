import * as v from 'valibot'
import { isDue, isTransient, nextWake, type SendOutcome } from '../../../machines/outbox.lifecycle.ts'
import { sendSupportMessage, type SupportIssue, type SupportSendResult } from '../../api/support.ts'
import { SupportRequestSchema, type SupportMessage, type SupportRequest } from '../../domain/support.ts'
import { claimRow, enqueue, openRows, settleRow } from '../../store/outbox.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { newId } from '../../lib/ids.ts'
import { withOutboxLock } from '../../lib/outboxLock.ts'

export const SUPPORT_MESSAGE = 'support.message'

/** What became of one support message in a drain; `waited` when it went out only after an earlier failed try. */
export type SupportOutcome = { id: string; customerId: number | null } & (
  | { kind: 'sent'; reference: string; waited: boolean }
  | { kind: 'rejected'; error: string; issues: SupportIssue[] }
  | { kind: 'waiting'; error: string }
)

export interface SupportDrainOptions {
  /** The connection just returned or the app just started: skip the backoff of rows that waited for it. */
  force?: boolean
  /** Who is signed in now: only their own messages go with the session cookie, others go out without it. */
  signedIn?: number | null
  send?: (request: SupportRequest, options: { withSession: boolean }) => Promise<SupportSendResult>
  now?: () => Date
}

// Retry reasons the server gave are written "HTTP <status>"; anything else is a missing answer (offline).
const SERVER_WAIT = /^HTTP \d+$/

/** Why an open row waits: for the connection, or because the server asked (429, 5xx). */
export const waitingFor = (row: OutboxRow): 'connection' | 'server' => (SERVER_WAIT.test(row.lastError ?? '') ? 'server' : 'connection')

/** Commits the intent: the message goes into the outbox with a fresh id (its Idempotency-Key), sent by the drain. */
export async function queueSupportMessage(customerId: number, message: SupportMessage): Promise<string> {
  const id = newId()
  const request: SupportRequest = { id, message }
  const now = new Date().toISOString()
  await enqueue({ id, kind: SUPPORT_MESSAGE, request, status: 'pending', attempts: 0, createdAt: now, nextAttemptAt: null, lastError: null, customerId })
  return id
}

/**
 * Sends every due support message, one tab at a time, whoever is signed in now: a message the customer sent is
 * theirs to deliver even after a logout (it names its own sender); screens show it only to that customer, and
 * it goes without the cookie when another customer is signed in.
 */
export function drainSupport(options: SupportDrainOptions = {}): Promise<{ outcomes: SupportOutcome[]; wakeAt: number | null }> {
  const send = options.send ?? sendSupportMessage
  const now = options.now ?? (() => new Date())
  return withOutboxLock(async () => {
    const outcomes: SupportOutcome[] = []
    for (const row of await openRows(SUPPORT_MESSAGE)) {
      // A returning connection says nothing about a server that asked us to wait.
      if (!isDue(row, now(), (options.force ?? false) && waitingFor(row) === 'connection')) continue
      const withSession = row.customerId !== undefined && row.customerId === options.signedIn
      const outcome = await sendOne(row, (request) => send(request, { withSession }), now())
      if (outcome) outcomes.push(outcome)
    }
    return { outcomes, wakeAt: nextWake(await openRows(SUPPORT_MESSAGE)) }
  })
}

async function sendOne(row: OutboxRow, send: (request: SupportRequest) => Promise<SupportSendResult>, now: Date): Promise<SupportOutcome | undefined> {
  const base = { id: row.id, customerId: row.customerId ?? null }
  const parsed = v.safeParse(SupportRequestSchema, row.request)
  if (!parsed.success) return reject(row.id, base, 400, { error: parsed.issues[0].message, issues: [] }, now)
  const claimed = await claimRow(row.id)
  if (!claimed) return undefined
  const result = await send(parsed.output)
  if (result.kind === 'sent') {
    // Sent: the device keeps the reference and forgets the text.
    await settleRow(row.id, { kind: 'answered', status: 201 }, { now, keep: { request: { id: row.id }, answer: { reference: result.reference } } })
    return { ...base, kind: 'sent', reference: result.reference, waited: claimed.attempts > 1 }
  }
  if (result.kind === 'refused' && !isTransient(result.status)) return reject(row.id, base, result.status, result, now)
  const error = result.kind === 'refused' ? `HTTP ${result.status}` : result.error
  const outcome: SendOutcome =
    result.kind === 'no-answer'
      ? { kind: 'no-answer', error }
      : { kind: 'answered', status: result.status, ...(result.retryAfterMs === null ? {} : { retryAfterMs: result.retryAfterMs }) }
  await settleRow(row.id, outcome, { error, now })
  return { ...base, kind: 'waiting', error }
}

/** A refusal is final (no retry); the text stays so its customer can correct it and send again. */
async function reject(id: string, base: { id: string; customerId: number | null }, status: number, answer: { error: string; issues: SupportIssue[] }, now: Date): Promise<SupportOutcome> {
  const error = answer.error || `HTTP ${status}`
  await settleRow(id, { kind: 'answered', status }, { error, now, keep: { answer: { error: answer.error, issues: answer.issues } } })
  return { ...base, kind: 'rejected', error: answer.error, issues: answer.issues }
}
