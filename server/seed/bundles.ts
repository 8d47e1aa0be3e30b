import type { Bundle, BundleNames } from '../../src/domain/bundle.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

const GB = 1e9

/** A seeded bundle: named in every language. */
export type SeedBundle = Bundle & { names: Required<BundleNames> }

/**
 * The demo's bundles (migration 030 gives every install the same ones): what each kind of SIM can buy, priced like South African operators' 30-day bundles (rand, VAT incl.). A prepaid SIM
 * is a phone's: data, minutes and SMS land on its top-up balances. A monthly SIM is an uncapped data-only line: a data
 * bundle adds to what it may still use this month under its spend limit.
 */
const bundles: Record<ProductBilling, readonly SeedBundle[]> = {
  prepaid: [
    {
      id: 'data-1gb',
      kind: 'data',
      amount: 1 * GB,
      price: 99,
      validity_days: 30,
      names: { en: '1 GB data', xh: 'Idatha ye-1 GB', af: '1 GB-data' },
    },
    {
      id: 'data-5gb',
      kind: 'data',
      amount: 5 * GB,
      price: 249,
      validity_days: 30,
      names: { en: '5 GB data', xh: 'Idatha ye-5 GB', af: '5 GB-data' },
    },
    {
      id: 'voice-60min',
      kind: 'voice',
      amount: 60 * 60,
      price: 69,
      validity_days: 30,
      names: { en: '60 minutes', xh: 'Imizuzu eyi-60', af: '60 minute' },
    },
    {
      id: 'sms-100',
      kind: 'sms',
      amount: 100,
      price: 35,
      validity_days: 30,
      names: { en: '100 SMS', xh: 'Ii-SMS ezi-100', af: "100 SMS'e" },
    },
  ],
  monthly: [
    {
      id: 'data-50gb',
      kind: 'data',
      amount: 50 * GB,
      price: 149,
      validity_days: 30,
      names: { en: '50 GB data', xh: 'Idatha ye-50 GB', af: '50 GB-data' },
    },
    {
      id: 'data-100gb',
      kind: 'data',
      amount: 100 * GB,
      price: 249,
      validity_days: 30,
      names: { en: '100 GB data', xh: 'Idatha ye-100 GB', af: '100 GB-data' },
    },
  ],
}

/** Every seeded bundle with the billing of the SIMs that may buy it, in the order they are listed. */
export const seedBundles: readonly (SeedBundle & { billing: ProductBilling })[] = (['prepaid', 'monthly'] as const).flatMap((billing) =>
  bundles[billing].map((bundle) => ({ ...bundle, billing })),
)

/** Every bundle on offer in the demo, whatever SIM buys it. */
export const allBundles = (): readonly SeedBundle[] => [...bundles.prepaid, ...bundles.monthly]
