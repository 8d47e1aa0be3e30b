import { useEffect, useMemo } from 'react'
import * as v from 'valibot'
import type { CustomerConversation } from '../../domain/conversations.ts'
import { isOpen } from '../../outbox/lifecycle.ts'
import { customerRows } from '../../outbox/table.ts'
import type { Cached } from '../../store/portalQueries.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { QueuedAnswerSchema, SUPPORT_ANSWER } from './answerQueue.ts'
import { readCachedConversations, refreshConversations } from './conversationsCache.ts'

/** An answer the device holds that the copy of the conversations does not show yet: waiting to be sent, or refused. */
export interface LocalAnswer {
  id: string
  reference: string
  body: string
  createdAt: string
  state: 'waiting' | 'rejected'
  error: string | null
}

function localAnswer(row: OutboxRow, conversations: readonly CustomerConversation[]): LocalAnswer | undefined {
  if (!v.is(QueuedAnswerSchema, row.request)) return undefined
  const { reference, answer } = row.request
  const base = { id: row.id, reference, body: answer.body, createdAt: row.createdAt, error: row.lastError }
  if (isOpen(row)) return { ...base, state: 'waiting' }
  if (row.status === 'rejected') return { ...base, state: 'rejected' }
  // Sent: it shows as waiting until the device's copy (renewed once it was sent) holds it; the device's and the
  // server's clocks may differ, so the copy is searched for the answer rather than compared by time.
  const held = conversations.some((c) => c.reference === reference && c.entries.some((e) => e.kind === 'answer' && e.body === answer.body))
  return held ? undefined : { ...base, state: 'waiting' }
}

/**
 * The customer's conversations: the device's copy at once (offline too), renewed from the server in the background,
 * with the answers still on the device beside them.
 */
export function useConversations(customerId: number): {
  cached: Cached<CustomerConversation[]> | null | undefined
  local: LocalAnswer[]
} {
  useEffect(() => {
    // Offline the copy stays as it is; a server's refusal leaves it too.
    void refreshConversations(customerId).catch(() => undefined)
  }, [customerId])
  const cached = useLiveRead((store) => readCachedConversations(customerId, store), [customerId])
  const rows = useLiveRead((store) => customerRows(SUPPORT_ANSWER, customerId, store), [customerId])
  const local = useMemo(() => (rows ?? []).flatMap((row) => localAnswer(row, cached?.value ?? []) ?? []), [rows, cached])
  return { cached, local }
}
