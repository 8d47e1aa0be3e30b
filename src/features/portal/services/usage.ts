import { dataGb, showsPieLabel, type Service } from '../../../domain/service.ts'

export type SliceKey = 'peak' | 'offpeak' | 'spend'

export interface UsageSlice {
  key: SliceKey
  /** Bytes. */
  value: number
  /** The amount shown, in GB: "12.00" (Afrikaans "12,00"). */
  figure: string
  /** Only a slice of at least 35 degrees carries its label. */
  labelled: boolean
}

/** "Usage Stats": Peak and Off Peak used, and the Spend Limit still available, all in bytes. */
export function usageSlices(service: Service, language: string): UsageSlice[] {
  const parts = [
    { key: 'peak', value: Math.max(0, service.peak_usage ?? 0) },
    { key: 'offpeak', value: Math.max(0, service.offpeak_usage ?? 0) },
    { key: 'spend', value: Math.max(0, service.spend_limit_available ?? 0) },
  ] as const
  const total = parts.reduce((sum, part) => sum + part.value, 0)
  return parts.map((part) => ({ ...part, figure: dataGb(part.value, language), labelled: showsPieLabel(part.value, total) }))
}
