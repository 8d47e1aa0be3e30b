import type { Product } from '../../src/domain/product.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

/** A seeded package: the public Product plus the row's place in the listing and how it is paid for. */
export interface SeedProduct extends Product {
  sort: number
  /** Decides what a paid line provisions: a prepaid SIM with balances, or a monthly one with usage. */
  billing: ProductBilling
}

const image = (file: string) => `/images/products/${file}.svg`

/** Sandbox catalogue: month-to-month uncapped packages and one prepaid bundle, priced like South African resellers' (rand, VAT incl.). */
export const catalogue: readonly SeedProduct[] = [
  { id: 1, sort: 1, name: '4G Uncapped 10Mbps', plan: '4G Uncapped', unit_price: 299, speed: 'Up to 10Mbps', image: image('4g-10mbps'), billing: 'monthly' },
  { id: 2, sort: 2, name: '4G Uncapped 20Mbps', plan: '4G Uncapped', unit_price: 399, speed: 'Up to 20Mbps', image: image('4g-20mbps'), billing: 'monthly' },
  { id: 3, sort: 3, name: '4G Uncapped 30Mbps', plan: '4G Uncapped', unit_price: 479, speed: 'Up to 30Mbps', image: image('4g-30mbps'), billing: 'monthly' },
  {
    id: 4,
    sort: 4,
    name: '4G Uncapped Max',
    plan: '4G Uncapped',
    unit_price: 599,
    speed: 'Best effort, up to 100Mbps',
    image: image('4g-max'),
    billing: 'monthly',
  },
  { id: 5, sort: 5, name: '5G Uncapped 50Mbps', plan: '5G Uncapped', unit_price: 549, speed: 'Up to 50Mbps', image: image('5g-50mbps'), billing: 'monthly' },
  { id: 6, sort: 6, name: '5G Uncapped 100Mbps', plan: '5G Uncapped', unit_price: 649, speed: 'Up to 100Mbps', image: image('5g-100mbps'), billing: 'monthly' },
  { id: 7, sort: 7, name: '5G Uncapped 200Mbps', plan: '5G Uncapped', unit_price: 749, speed: 'Up to 200Mbps', image: image('5g-200mbps'), billing: 'monthly' },
  {
    id: 8,
    sort: 8,
    name: '5G Uncapped Pro',
    plan: '5G Uncapped',
    unit_price: 899,
    speed: 'Up to 500Mbps, no speed cap',
    image: image('5g-pro'),
    billing: 'monthly',
  },
  {
    id: 9,
    sort: 9,
    name: '4G Prepaid 30-Day',
    plan: '4G Prepaid',
    unit_price: 249,
    speed: 'Up to 20Mbps, top up any time',
    image: image('4g-prepaid'),
    billing: 'prepaid',
  },
]
