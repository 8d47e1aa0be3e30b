import type { Queryable } from '../db/types.ts'
import { limiterRefusals } from '../metrics.ts'

/** New Contact Us messages one client address may send: enough for a household, too few to flood the inbox. */
export const supportLimits = { windowMinutes: 10, perAddress: 5 } as const

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
