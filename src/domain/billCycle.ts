import type { ProductBilling } from './service.ts'

/**
 * A SIM's bill cycles. A monthly SIM's cycle starts on its activation day each month (the order paid the first);
 * a prepaid SIM's every 30 days, as its bundle runs. Plan changes and cancellations take effect at a cycle's start.
 */

/** South Africa keeps UTC+2 all year: dates and month ends are counted on its calendar. */
const SA_OFFSET_MS = 2 * 3_600_000
/** A prepaid bundle's days, as server/sandbox/network/starterBalances.ts sells it. */
export const PREPAID_CYCLE_DAYS = 30
const DAY_MS = 86_400_000

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate()

/** The n-th cycle's start (0 is the activation itself); a day the month lacks becomes the month's last. */
export function cycleStart(activation: Date, billing: ProductBilling, n: number): Date {
  if (billing === 'prepaid') return new Date(activation.getTime() + n * PREPAID_CYCLE_DAYS * DAY_MS)
  const local = new Date(activation.getTime() + SA_OFFSET_MS)
  const months = local.getUTCMonth() + n
  const year = local.getUTCFullYear() + Math.floor(months / 12)
  const month = ((months % 12) + 12) % 12
  const day = Math.min(local.getUTCDate(), daysInMonth(year, month))
  const timeOfDay = local.getTime() - Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate())
  return new Date(Date.UTC(year, month, day) + timeOfDay - SA_OFFSET_MS)
}

/** The number of the cycle running at `now` (0 until the first anniversary). */
export function currentCycle(activation: Date, billing: ProductBilling, now: Date): number {
  let n = 0
  // Months differ in length, so count up from an estimate a month or two short.
  if (now > activation) n = Math.max(0, Math.floor((now.getTime() - activation.getTime()) / (32 * DAY_MS)))
  while (cycleStart(activation, billing, n + 1) <= now) n++
  return n
}

/** When the next cycle starts: the date a plan change or a monthly cancellation takes effect. */
export const nextCycleStart = (activation: Date, billing: ProductBilling, now: Date): Date =>
  cycleStart(activation, billing, currentCycle(activation, billing, now) + 1)
