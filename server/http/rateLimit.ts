import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/types.ts'
import { limiterRefusals } from '../metrics.ts'
import { boundedKey } from './boundedKey.ts'

/** At most `max` attempts per key in any `windowMinutes`. */
export interface Limit {
  max: number
  windowMinutes: number
}

/** Taken: the attempt goes ahead and counts (`at` names it). Refused: the next attempt may go in `retryAfter` seconds. */
export type Admission = { taken: true; at: string } | { taken: false; retryAfter: number }

/** The limit a key counts against, for the refusals metric: its limiter and dimension (login:email of login:email:<address>), never the value. */
export const limitOf = (key: string) => key.split(':', 2).join(':')

/**
 * Counts an attempt against key and decides in one statement. The upsert locks the key's row and decides on its
 * latest version, so parallel attempts through any number of server instances go one after the other and no more
 * than `max` are ever taken. The window slides: once full, its oldest attempt must leave before another is taken.
 */
export async function takeAttempt(db: Queryable, key: string, { max, windowMinutes }: Limit): Promise<Admission> {
  // excluded.hits[1] is this attempt's time; the live hits are the row's hits still in the window ending then.
  const live = 'rate_limit_live(r.hits, excluded.hits[1] - make_interval(mins => $3))'
  // Each attempt's own token says whether it was taken: two attempts may read the same clock (PGlite's ticks are coarse).
  const token = randomUUID()
  const [row] = await db.query<{ taken: boolean; at: string; retry_after: number }>(
    `with attempt as materialized (select clock_timestamp() as at)
     insert into rate_limits as r (key, hits, expires_at, last_taken)
     select $1, array[at], at + make_interval(mins => $3), $4 from attempt
     on conflict (key) do update set
       hits = case when cardinality(${live}) < $2 then ${live} || excluded.hits[1] else ${live} end,
       expires_at = case when cardinality(${live}) < $2 then greatest(r.expires_at, excluded.expires_at) else r.expires_at end,
       last_taken = case when cardinality(${live}) < $2 then excluded.last_taken else r.last_taken end
     returning r.last_taken = $4 as taken,
       (select at from attempt)::text as at,
       ceil(extract(epoch from r.hits[1] + make_interval(mins => $3) - (select at from attempt)))::int as retry_after`,
    [boundedKey(key), max, windowMinutes, token],
  )
  if (!row) throw new Error('the rate limit upsert returned no row')
  if (row.taken) return { taken: true, at: row.at }
  limiterRefusals.inc({ limit: limitOf(key) })
  return { taken: false, retryAfter: Math.max(1, row.retry_after) }
}

/** Gives back a taken attempt that turned out not to count (a correct password), so it does not use up the limit. */
export async function returnAttempt(db: Queryable, key: string, taken: Extract<Admission, { taken: true }>): Promise<void> {
  // As text: a driver that reads the parameter as a Date would drop the microseconds that tell attempts apart. One
  // attempt goes back, not every attempt of the same tick: PGlite's clock is coarse, so two attempts may share it.
  await db.query(
    `update rate_limits set hits = hits[:array_position(hits, $2::text::timestamptz) - 1] || hits[array_position(hits, $2::text::timestamptz) + 1:]
     where key = $1 and array_position(hits, $2::text::timestamptz) is not null`,
    [boundedKey(key), taken.at],
  )
}

/** Forgets every attempt against key. */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from rate_limits where key = $1', [boundedKey(key)])
}

/** Deletes the rows whose attempts have all left their window; any instance may at any time. */
export async function sweepAttempts(db: Queryable): Promise<void> {
  await db.query('delete from rate_limits where expires_at < now()')
}
