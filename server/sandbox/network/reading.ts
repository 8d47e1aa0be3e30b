import { randomBytes } from 'node:crypto'
import type { ProductBilling } from '../../../src/domain/service.ts'
import type { MonthlyUsage, PrepaidBalances } from './starterBalances.ts'

/** What the sandbox network holds of a SIM's money and data: balances when prepaid, usage when monthly. */
export interface Reading {
  balances?: PrepaidBalances
  usage?: MonthlyUsage
}

/** A bundle as the network knows it: its id, and how much it granted, so a report knows the share used. */
export interface Bundle {
  id: string
  granted: number
}

/** The SIM's bundles by the balance that holds each: data_sub, data0, …, or spend_limit for a monthly SIM. */
export type Bundles = Record<string, Bundle>

/** The shares of a bundle used at which the network reports the balance low (ICASA's end-user regulations). */
export const LOW_THRESHOLDS = [50, 80, 100] as const
export type LowThreshold = (typeof LOW_THRESHOLDS)[number]

const spendLimit = 'spend_limit'
const dataKeys = ['data_sub', 'data0'] as const

export const newBundleId = (balance: string): string => `${balance}-${randomBytes(4).toString('hex')}`

/** What each balance holds now: the additional balances of a prepaid SIM, the data left under a monthly one's limit. */
export function availableByBalance(reading: Reading): Record<string, number> {
  const found: Record<string, number> = {}
  for (const entry of reading.balances?.additional_balances ?? [])
    for (const [key, balance] of Object.entries(entry)) if (balance) found[key] = balance.available
  if (reading.usage) found[spendLimit] = reading.usage.spend_limit_available
  return found
}

/**
 * The bundles a reading holds, each granted what it holds now (a monthly SIM's limit: what it used plus what is left);
 * `kept` are bundles known already, kept as they are unless `renewed` names their balance (a bundle bought on it).
 */
export function bundlesOf(reading: Reading, kept: Bundles = {}, renewed: readonly string[] = [], granted: Record<string, number> = {}): Bundles {
  const bundles: Bundles = {}
  for (const [balance, available] of Object.entries(availableByBalance(reading))) {
    const known = kept[balance]
    if (known && !renewed.includes(balance)) bundles[balance] = known
    else {
      const size = granted[balance] ?? (balance === spendLimit && reading.usage ? reading.usage.total_usage + available : available)
      if (size > 0) bundles[balance] = { id: newBundleId(balance), granted: size }
    }
  }
  return bundles
}

/** Each bundle's thresholds reached: the share of what it granted that is used, at or above 50, 80 and 100 percent. */
export function thresholdsReached(reading: Reading, bundles: Bundles): Array<{ bundle: string; threshold: LowThreshold }> {
  const available = availableByBalance(reading)
  return Object.entries(bundles).flatMap(([balance, bundle]) => {
    const left = available[balance]
    if (left === undefined || bundle.granted <= 0) return []
    const usedPercent = ((bundle.granted - left) / bundle.granted) * 100
    return LOW_THRESHOLDS.filter((threshold) => usedPercent >= threshold).map((threshold) => ({ bundle: bundle.id, threshold }))
  })
}

/**
 * The reading after the SIM used `bytes` of data: a prepaid SIM spends its data balances, the one ending first first
 * (then the wallet's data); a monthly SIM counts it as peak use, taken off the data left under its limit.
 */
export function spendData(reading: Reading, billing: ProductBilling, bytes: number): Reading {
  if (billing === 'monthly') {
    const usage = reading.usage
    if (!usage) return reading
    return {
      ...reading,
      usage: {
        total_usage: usage.total_usage + bytes,
        peak_usage: usage.peak_usage + bytes,
        offpeak_usage: usage.offpeak_usage,
        spend_limit_available: Math.max(0, usage.spend_limit_available - bytes),
      },
    }
  }
  const balances = reading.balances
  if (!balances) return reading
  let left = bytes
  const order = balances.additional_balances
    .flatMap((entry, index) => dataKeys.filter((key) => entry[key]).map((key) => ({ index, key, expiry: entry[key]?.meta?.expiry ?? '9999' })))
    .sort((a, b) => a.expiry.localeCompare(b.expiry))
  const spent = balances.additional_balances.map((entry) => ({ ...entry }))
  for (const { index, key } of order) {
    const balance = spent[index]?.[key]
    if (!balance || left === 0) continue
    const taken = Math.min(balance.available, left)
    left -= taken
    spent[index] = { [key]: { ...balance, available: balance.available - taken } }
  }
  const wallet = Math.min(balances.data_available_volume, left)
  return { ...reading, balances: { ...balances, additional_balances: spent, data_available_volume: balances.data_available_volume - wallet } }
}
