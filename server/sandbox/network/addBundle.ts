import type * as v from 'valibot'
import type { BundleKind } from '../../../src/domain/bundle.ts'
import type { AdditionalBalanceSchema, ProductBilling } from '../../../src/domain/service.ts'
import { daysAfter } from './starterBalances.ts'

type AdditionalBalance = v.InferOutput<typeof AdditionalBalanceSchema>

/** What a bundle changes on a SIM: a prepaid SIM's balances, or a monthly SIM's data left under its spend limit. */
export interface BundleTarget {
  billing: ProductBilling
  additional_balances: AdditionalBalance[] | null
  spend_limit_available: number | null
}

export interface BoughtBundle {
  kind: BundleKind
  amount: number
  validity_days: number
}

const topUpKey = { data: 'data0', voice: 'voice0', sms: 'sms0' } as const

/** The later of two ISO dates (YYYY-MM-DD compare as text). */
const later = (a: string | undefined, b: string) => (a !== undefined && a > b ? a : b)

/**
 * The SIM after the bundle: on a prepaid SIM it adds to the top-up balance of its kind (the Topup tiles), which then
 * lasts until the bundle's end or its own, whichever is later; on a monthly (data-only) SIM a data bundle raises the
 * data still available this month. Pure, so the arithmetic is tested without a database.
 */
export function addBundle(target: BundleTarget, bundle: BoughtBundle, paidAt: Date): BundleTarget {
  if (target.billing === 'monthly') {
    if (bundle.kind !== 'data') throw new Error(`a monthly SIM takes data bundles only, not ${bundle.kind}`)
    return { ...target, spend_limit_available: (target.spend_limit_available ?? 0) + bundle.amount }
  }
  const key = topUpKey[bundle.kind]
  const expiry = daysAfter(paidAt, bundle.validity_days)
  const balances = target.additional_balances ?? []
  const found = balances.some((entry) => entry[key] !== undefined)
  const added = balances.map((entry): AdditionalBalance => {
    const balance = entry[key]
    if (!balance) return entry
    return { [key]: { ...balance, available: balance.available + bundle.amount, meta: { ...balance.meta, expiry: later(balance.meta?.expiry, expiry) } } }
  })
  return { ...target, additional_balances: found ? added : [...balances, { [key]: { available: bundle.amount, meta: { expiry } } }] }
}
