import type { Queryable } from '../db/types.ts'
import { boundedKey as bounded } from '../http/boundedKey.ts'

/** Failed sign-ins allowed per window: few per account (guessing one password), more per address (shared NATs). */
export const loginLimits = { windowMinutes: 15, perEmail: 5, perAddress: 20 } as const

export interface LimiterKeys {
  email: string
  address: string
}

const keysOf = ({ email, address }: LimiterKeys) => [
  { key: bounded(`email:${email.trim().toLowerCase()}`), limit: loginLimits.perEmail },
  { key: bounded(`address:${address}`), limit: loginLimits.perAddress },
]

/**
 * Seconds until another attempt is allowed, or 0 when it is allowed now.
 * The counters live in PostgreSQL, so they hold across restarts and processes.
 */
export async function retryAfterSeconds(db: Queryable, keys: LimiterKeys): Promise<number> {
  let wait = 0
  for (const { key, limit } of keysOf(keys)) {
    // Once `limit` failures sit in the window, the limit-th newest must age out before the next try.
    const [row] = await db.query<{ seconds: number }>(
      `select ceil(extract(epoch from failed_at + make_interval(mins => $2) - now()))::int as seconds
       from login_failures where key = $1 and failed_at > now() - make_interval(mins => $2)
       order by failed_at desc offset $3 limit 1`,
      [key, loginLimits.windowMinutes, limit - 1],
    )
    if (row) wait = Math.max(wait, Math.max(1, row.seconds))
  }
  return wait
}

/** Counts a failed attempt against both the email and the address, and forgets failures past the window. */
export async function recordFailure(db: Queryable, keys: LimiterKeys): Promise<void> {
  for (const { key } of keysOf(keys)) await db.query('insert into login_failures (key) values ($1)', [key])
  await db.query('delete from login_failures where failed_at < now() - make_interval(mins => $1)', [loginLimits.windowMinutes])
}

/** A correct password clears that email's failures; the address keeps its count. */
export async function clearEmailFailures(db: Queryable, email: string): Promise<void> {
  await db.query('delete from login_failures where key = $1', [bounded(`email:${email.trim().toLowerCase()}`)])
}
