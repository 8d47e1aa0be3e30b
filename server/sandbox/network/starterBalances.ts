import type { AdditionalBalanceSchema } from '../../../src/domain/service.ts'
import type * as v from 'valibot'

type AdditionalBalance = v.InferOutput<typeof AdditionalBalanceSchema>

/** What a prepaid SIM carries: the wallet in rand, its data in bytes, and the additional balances. */
export interface PrepaidBalances {
  available_balance: number
  data_available_volume: number
  additional_balances: AdditionalBalance[]
}

/** What a monthly SIM reports, in bytes: used this month (total = peak + off-peak) and still available under its spend limit. */
export interface MonthlyUsage {
  total_usage: number
  peak_usage: number
  offpeak_usage: number
  spend_limit_available: number
}

/** A prepaid bundle lasts 30 days from activation. */
export const BUNDLE_DAYS = 30

/** The bundle the prepaid price buys, the gauges' own references: 60 minutes, 2 GB, 100 SMS. */
export const STARTER_BUNDLE = { voiceSeconds: 60 * 60, dataBytes: 2e9, sms: 100 } as const

/** The data a new monthly SIM may use each month before its spend limit applies: a 300 GB fair-use threshold. */
export const DEFAULT_SPEND_LIMIT = 300e9

/** An ISO date (YYYY-MM-DD) `days` after `from`. */
export const daysAfter = (from: Date, days: number): string => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10)

/** A new prepaid SIM: the paid-for bundle in full until it expires, and nothing loaded or topped up yet. */
export function prepaidStart(activation: Date): PrepaidBalances {
  const meta = { expiry: daysAfter(activation, BUNDLE_DAYS) }
  return {
    available_balance: 0,
    data_available_volume: 0,
    additional_balances: [
      { voice_sub: { available: STARTER_BUNDLE.voiceSeconds, meta } },
      { data_sub: { available: STARTER_BUNDLE.dataBytes, meta } },
      { sms_sub: { available: STARTER_BUNDLE.sms, meta } },
      // Top-ups are bought later; until then there is nothing to expire.
      { voice0: { available: 0 } },
      { data0: { available: 0 } },
      { sms0: { available: 0 } },
    ],
  }
}

/** A new monthly SIM has used nothing yet, and has the full default spend limit left. */
export const monthlyStart = (): MonthlyUsage => ({ total_usage: 0, peak_usage: 0, offpeak_usage: 0, spend_limit_available: DEFAULT_SPEND_LIMIT })
