import * as v from 'valibot'
import { SupportRequestSchema, type SupportMessage } from '../../domain/support.ts'
import type { OutboxRow } from '../../store/rows.ts'
import type { SupportIssue } from '../../api/support.ts'
import { waitingFor } from './supportQueue.ts'

/**
 * A support message as its customer sees it:
 *   sending  - the first try is under way
 *   pending  - kept on the device until the connection returns or the server is ready again
 *   sent     - the server answered with a reference
 *   rejected - the server refused it (never retried); the text is kept to correct and send again
 */
export type SupportItem = { id: string } & (
  | { state: 'sending' }
  | { state: 'pending'; waitingFor: 'connection' | 'server'; excerpt: string }
  | { state: 'sent'; reference: string }
  | { state: 'rejected'; error: string; issues: SupportIssue[]; message: SupportMessage | null }
)

const SentAnswer = v.object({ reference: v.string() })
const Refusal = v.object({ error: v.string(), issues: v.array(v.object({ path: v.string(), message: v.string() })) })

export function toSupportItem(row: OutboxRow): SupportItem {
  const id = row.id
  if (row.status === 'acknowledged') {
    const answer = v.safeParse(SentAnswer, row.answer)
    return { id, state: 'sent', reference: answer.success ? answer.output.reference : '' }
  }
  if (row.status === 'rejected') {
    const answer = v.safeParse(Refusal, row.answer)
    const request = v.safeParse(SupportRequestSchema, row.request)
    const refusal = answer.success ? answer.output : { error: row.lastError ?? '', issues: [] }
    return { id, state: 'rejected', ...refusal, message: request.success ? request.output.message : null }
  }
  // Before any failure it is simply being sent; after one it waits (a new try keeps the last reason).
  if (row.lastError === null) return { id, state: 'sending' }
  return { id, state: 'pending', waitingFor: waitingFor(row), excerpt: excerpt(row.request) }
}

const EXCERPT = 80

/** The start of a waiting message's text, so its customer knows which one waits. */
function excerpt(request: unknown): string {
  const parsed = v.safeParse(SupportRequestSchema, request)
  if (!parsed.success) return ''
  // By code point, so an emoji is never cut in half.
  const chars = Array.from(parsed.output.message.message.replace(/\s+/g, ' '))
  return chars.length > EXCERPT ? `${chars.slice(0, EXCERPT - 1).join('')}…` : chars.join('')
}

export const isOpenItem = (item: SupportItem): boolean => item.state === 'sending' || item.state === 'pending'

/** Field named by a refusal's path ("message.email", "email"), or null when it names no field of the form. */
export function issueField(path: string): 'name' | 'email' | 'message' | null {
  const parts = path.split('.')
  const field = parts.length > 1 && parts[0] === 'message' ? parts[1] : parts[0]
  return field === 'name' || field === 'email' || field === 'message' ? field : null
}
