import type { Bundle, BundleNames } from '../../src/domain/bundle.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

const GB = 1e9

/**
 * What each kind of SIM can buy, priced like South African operators' 30-day bundles (rand, VAT incl.). A prepaid SIM
 * is a phone's: data, minutes and SMS land on its top-up balances. A monthly SIM is an uncapped data-only line: a data
 * bundle adds to what it may still use this month under its spend limit.
 */
const bundles: Record<ProductBilling, readonly (Bundle & { names: BundleNames })[]> = {
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

/** The bundles a SIM of this billing can buy, cheapest kind first as listed. */
export const bundlesFor = (billing: ProductBilling): readonly Bundle[] => bundles[billing]

/** One bundle this SIM can buy, or undefined when it is not offered to its kind. */
export const offeredBundle = (billing: ProductBilling, id: string): Bundle | undefined => bundles[billing].find((b) => b.id === id)

/** Every bundle on offer, whatever SIM buys it. */
export const allBundles = (): readonly (Bundle & { names: BundleNames })[] => [...bundles.prepaid, ...bundles.monthly]

/** A bundle's name in every language by its id, while the list still offers it. */
export const bundleNames = (id: string): BundleNames | undefined => allBundles().find((b) => b.id === id)?.names
