/** South African time is UTC+2 all year (no daylight saving), so quiet hours need no time-zone database. */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000

/** The default quiet hours of a device (push_subscriptions, migration 033): 20:00 to 07:00, in minutes after midnight. */
export const DEFAULT_QUIET_FROM = 20 * 60
export const DEFAULT_QUIET_UNTIL = 7 * 60

/**
 * When a non-urgent notification may go: `now` outside the quiet hours, else the moment they end. Quiet hours run from
 * `quietFrom` (held) up to `quietUntil` (free), in minutes after midnight South African time, and may cross midnight;
 * equal ends mean none.
 */
export function heldUntil(now: Date, quietFrom: number, quietUntil: number): Date {
  if (quietFrom === quietUntil) return now
  const local = now.getTime() + SAST_OFFSET_MS
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS
  const minute = (local - dayStart) / MINUTE_MS
  const quiet = quietFrom < quietUntil ? minute >= quietFrom && minute < quietUntil : minute >= quietFrom || minute < quietUntil
  if (!quiet) return now
  const end = dayStart + quietUntil * MINUTE_MS
  return new Date((end > local ? end : end + DAY_MS) - SAST_OFFSET_MS)
}
