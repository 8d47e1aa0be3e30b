import { formatNumber } from '../../../domain/numbers.ts'
import { balanceOf, dataGb, GAUGE_REFERENCE, voiceMinutes, type BalanceKey, type Service } from '../../../domain/service.ts'

export type SubscriptionKey = keyof typeof GAUGE_REFERENCE
export type TopupKey = Extract<BalanceKey, 'voice0' | 'data0' | 'sms0'>

/** A balance in the units the screens show, written as the language writes numbers: voice in whole minutes, data in GB, SMS in units. */
export function shownAmount(key: BalanceKey, available: number, language: string): string {
  if (key.startsWith('voice')) return voiceMinutes(available, language)
  if (key.startsWith('data')) return dataGb(available, language)
  return formatNumber(available, language)
}

export interface GaugeReading {
  key: SubscriptionKey
  /** The amount as shown, e.g. "45" (minutes), "1.50" (GB), "80" (SMS). */
  amount: string
  /** How full the gauge is against its reference, 0 to 1. */
  fraction: number
  /** The amount in the shown unit (minutes, GB, SMS), held between 0 and `maximum`: the meter's value. */
  value: number
  /** The reference in the shown unit: 60 minutes, 2 GB, 100 SMS. */
  maximum: number
  /** The reference as the language writes it. */
  maximumText: string
}

// Bytes and seconds per shown unit, and the decimals each is shown with.
const UNIT: Record<SubscriptionKey, { per: number; decimals: number }> = {
  voice_sub: { per: 60, decimals: 0 },
  data_sub: { per: 1e9, decimals: 2 },
  sms_sub: { per: 1, decimals: 0 },
}

/** The three subscription gauges of the Wallets view; a balance the service lacks reads 0. */
export function subscriptionGauges(service: Service, language: string): GaugeReading[] {
  return (['voice_sub', 'data_sub', 'sms_sub'] as const).map((key) => {
    const available = balanceOf(service, key)?.available ?? 0
    const { per, decimals } = UNIT[key]
    const maximum = GAUGE_REFERENCE[key] / per
    const fraction = Math.min(1, Math.max(0, available / GAUGE_REFERENCE[key]))
    const value = Math.min(maximum, Math.max(0, Number((available / per).toFixed(decimals))))
    return { key, amount: shownAmount(key, available, language), fraction, value, maximum, maximumText: formatNumber(maximum, language) }
  })
}

/** The three top-up tiles (voice0, data0, sms0) as shown. */
export function topupTiles(service: Service, language: string): { key: TopupKey; amount: string }[] {
  return (['voice0', 'data0', 'sms0'] as const).map((key) => ({ key, amount: shownAmount(key, balanceOf(service, key)?.available ?? 0, language) }))
}
