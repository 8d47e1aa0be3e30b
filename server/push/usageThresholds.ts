import type { PushKind } from '../../src/domain/push.ts'

/** The share of a bundle used at which the network sends balance.low, and the customer is told (ICASA regulation 8A). */
export const USAGE_THRESHOLDS = [50, 80, 100] as const
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number]

export const usageKindOf: Record<UsageThreshold, PushKind> = { 50: 'usage_50', 80: 'usage_80', 100: 'usage_100' }

/**
 * A usage alert waits this long before it may be sent: the network sends one balance.low per threshold crossed, one
 * after another, so a jump from 40 to 100 percent gives three events; waiting lets the last replace the first two.
 */
export const USAGE_SETTLE_MS = 5_000

/** What to do with a threshold a bundle has just crossed. */
export interface ThresholdDecision {
  /** Whether it is told: not told before, and no higher one was. */
  send: boolean
  /** Lower thresholds already queued whose unsent messages this one replaces. */
  replaces: UsageThreshold[]
}

/**
 * Decides a threshold from the thresholds of the same bundle that arrived before it: each is told at most once, a
 * lower one arriving after a higher one is not told, and a higher one replaces the lower ones not yet sent.
 */
export function thresholdDecision(before: readonly UsageThreshold[], threshold: UsageThreshold): ThresholdDecision {
  if (before.some((t) => t >= threshold)) return { send: false, replaces: [] }
  return { send: true, replaces: USAGE_THRESHOLDS.filter((t) => t < threshold && before.includes(t)) }
}

/** The thresholds a reading moving from `fromPercent` to `toPercent` of a bundle crosses, lowest first. */
export function thresholdsCrossed(fromPercent: number, toPercent: number): UsageThreshold[] {
  return USAGE_THRESHOLDS.filter((t) => fromPercent < t && toPercent >= t)
}
