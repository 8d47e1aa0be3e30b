import type { Bundle } from '../../src/domain/bundle.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

const GB = 1e9

/**
 * What each kind of SIM can buy, priced like South African operators' 30-day bundles (rand, VAT incl.). A prepaid SIM
 * is a phone's: data, minutes and SMS land on its top-up balances. A monthly SIM is an uncapped data-only line: a data
 * bundle adds to what it may still use this month under its spend limit.
 */
const bundles: Record<ProductBilling, readonly Bundle[]> = {
  prepaid: [
    { id: 'data-1gb', kind: 'data', amount: 1 * GB, price: 99, validity_days: 30 },
    { id: 'data-5gb', kind: 'data', amount: 5 * GB, price: 249, validity_days: 30 },
    { id: 'voice-60min', kind: 'voice', amount: 60 * 60, price: 69, validity_days: 30 },
    { id: 'sms-100', kind: 'sms', amount: 100, price: 35, validity_days: 30 },
  ],
  monthly: [
    { id: 'data-50gb', kind: 'data', amount: 50 * GB, price: 149, validity_days: 30 },
    { id: 'data-100gb', kind: 'data', amount: 100 * GB, price: 249, validity_days: 30 },
  ],
}

/** The bundles a SIM of this billing can buy, cheapest kind first as listed. */
export const bundlesFor = (billing: ProductBilling): readonly Bundle[] => bundles[billing]

/** One bundle this SIM can buy, or undefined when it is not offered to its kind. */
export const offeredBundle = (billing: ProductBilling, id: string): Bundle | undefined => bundles[billing].find((b) => b.id === id)
