import type { Queryable } from '../db/types.ts'
import { limiterRefusals } from '../metrics.ts'

/**
 * New Contact Us messages one client address may send, and answers one customer may write in their conversations,
 * in the window: enough for a household or a busy exchange with the team, too few to flood the support inbox.
 */
export const supportLimits = { windowMinutes: 10, perAddress: 5, answersPerCustomer: 10 } as const

/** Seconds until the address may send another new message, or 0 when it may now; counted from the stored messages. */
export async function supportRetryAfter(db: Queryable, address: string): Promise<number> {
  // Once `perAddress` messages sit in the window, the perAddress-th newest must age out before the next one.
  const [row] = await db.query<{ seconds: number }>(
    `select ceil(extract(epoch from created_at + make_interval(mins => $2) - now()))::int as seconds
     from support_messages where client_address = $1 and created_at > now() - make_interval(mins => $2)
     order by created_at desc offset $3 limit 1`,
    [address, supportLimits.windowMinutes, supportLimits.perAddress - 1],
  )
  if (!row) return 0
  limiterRefusals.inc({ limit: 'support:address' })
  return Math.max(1, row.seconds)
}

/** Seconds until the customer may write another answer in their conversations, or 0 when they may now. */
export async function answerRetryAfter(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db.query<{ seconds: number }>(
    `select ceil(extract(epoch from e.created_at + make_interval(mins => $2) - now()))::int as seconds
     from support_entries e join support_messages m on m.id = e.support_message_id
     where m.customer_id = $1 and e.kind = 'answer' and e.created_at > now() - make_interval(mins => $2)
     order by e.created_at desc offset $3 limit 1`,
    [customerId, supportLimits.windowMinutes, supportLimits.answersPerCustomer - 1],
  )
  if (!row) return 0
  limiterRefusals.inc({ limit: 'support:answers' })
  return Math.max(1, row.seconds)
}
