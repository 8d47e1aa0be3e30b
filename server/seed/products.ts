import type { Product, ProductText, TranslatedLanguage } from '../../src/domain/product.ts'
import type { ProductBilling } from '../../src/domain/service.ts'

/** A seeded package: the public Product plus the row's place in the listing and how it is paid for. */
export interface SeedProduct extends Product {
  sort: number
  /** Decides what a paid line provisions: a prepaid SIM with balances, or a monthly one with usage. */
  billing: ProductBilling
  /** Its wording in every other language (product_texts): the catalogue is translated here, not in the app's code. */
  texts: Record<TranslatedLanguage, ProductText>
}

const image = (file: string) => `/images/products/${file}.svg`

// Package names are kept as written in every language (locales/GLOSSARY.md); the plan and the speed line are translated.
/** Sandbox catalogue: month-to-month uncapped packages and one prepaid bundle, priced like South African resellers' (rand, VAT incl.). */
export const catalogue: readonly SeedProduct[] = [
  {
    id: 1,
    sort: 1,
    name: '4G Uncapped 10Mbps',
    plan: '4G Uncapped',
    unit_price: 299,
    speed: 'Up to 10Mbps',
    image: image('4g-10mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '4G Uncapped 10Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-10Mbps' },
      af: { name: '4G Uncapped 10Mbps', plan: '4G Onbeperk', speed: 'Tot 10Mbps' },
    },
  },
  {
    id: 2,
    sort: 2,
    name: '4G Uncapped 20Mbps',
    plan: '4G Uncapped',
    unit_price: 399,
    speed: 'Up to 20Mbps',
    image: image('4g-20mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '4G Uncapped 20Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-20Mbps' },
      af: { name: '4G Uncapped 20Mbps', plan: '4G Onbeperk', speed: 'Tot 20Mbps' },
    },
  },
  {
    id: 3,
    sort: 3,
    name: '4G Uncapped 30Mbps',
    plan: '4G Uncapped',
    unit_price: 479,
    speed: 'Up to 30Mbps',
    image: image('4g-30mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '4G Uncapped 30Mbps', plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-30Mbps' },
      af: { name: '4G Uncapped 30Mbps', plan: '4G Onbeperk', speed: 'Tot 30Mbps' },
    },
  },
  {
    id: 4,
    sort: 4,
    name: '4G Uncapped Max',
    plan: '4G Uncapped',
    unit_price: 599,
    speed: 'Best effort, up to 100Mbps',
    image: image('4g-max'),
    billing: 'monthly',
    texts: {
      xh: { name: '4G Uncapped Max', plan: 'I-4G engenamda', speed: 'Esona santya sifumanekayo, ukuya kuthi ga kwi-100Mbps' },
      af: { name: '4G Uncapped Max', plan: '4G Onbeperk', speed: 'Beste moontlike spoed, tot 100Mbps' },
    },
  },
  {
    id: 5,
    sort: 5,
    name: '5G Uncapped 50Mbps',
    plan: '5G Uncapped',
    unit_price: 549,
    speed: 'Up to 50Mbps',
    image: image('5g-50mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '5G Uncapped 50Mbps', plan: 'I-5G engenamda', speed: 'Ukuya kuthi ga kwi-50Mbps' },
      af: { name: '5G Uncapped 50Mbps', plan: '5G Onbeperk', speed: 'Tot 50Mbps' },
    },
  },
  {
    id: 6,
    sort: 6,
    name: '5G Uncapped 100Mbps',
    plan: '5G Uncapped',
    unit_price: 649,
    speed: 'Up to 100Mbps',
    image: image('5g-100mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '5G Uncapped 100Mbps', plan: 'I-5G engenamda', speed: 'Ukuya kuthi ga kwi-100Mbps' },
      af: { name: '5G Uncapped 100Mbps', plan: '5G Onbeperk', speed: 'Tot 100Mbps' },
    },
  },
  {
    id: 7,
    sort: 7,
    name: '5G Uncapped 200Mbps',
    plan: '5G Uncapped',
    unit_price: 749,
    speed: 'Up to 200Mbps',
    image: image('5g-200mbps'),
    billing: 'monthly',
    texts: {
      xh: { name: '5G Uncapped 200Mbps', plan: 'I-5G engenamda', speed: 'Ukuya kuthi ga kwi-200Mbps' },
      af: { name: '5G Uncapped 200Mbps', plan: '5G Onbeperk', speed: 'Tot 200Mbps' },
    },
  },
  {
    id: 8,
    sort: 8,
    name: '5G Uncapped Pro',
    plan: '5G Uncapped',
    unit_price: 899,
    speed: 'Up to 500Mbps, no speed cap',
    image: image('5g-pro'),
    billing: 'monthly',
    texts: {
      xh: { name: '5G Uncapped Pro', plan: 'I-5G engenamda', speed: 'Ukuya kuthi ga kwi-500Mbps, akukho mda wesantya' },
      af: { name: '5G Uncapped Pro', plan: '5G Onbeperk', speed: 'Tot 500Mbps, geen spoedbeperking nie' },
    },
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
    texts: {
      xh: { name: '4G Prepaid 30-Day', plan: 'I-4G ehlawulelwa kwangaphambili', speed: 'Ukuya kuthi ga kwi-20Mbps, yongeza nanini na' },
      af: { name: '4G Prepaid 30-Day', plan: '4G Voorafbetaal', speed: 'Tot 20Mbps, herlaai enige tyd' },
    },
  },
]
