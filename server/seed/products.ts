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

/** A package's plan, as written in each language, and how it is paid for. */
const plans = {
  '4G Uncapped': { xh: 'I-4G engenamda', af: '4G Onbeperk', billing: 'monthly' },
  '5G Uncapped': { xh: 'I-5G engenamda', af: '5G Onbeperk', billing: 'monthly' },
  '4G Prepaid': { xh: 'I-4G ehlawulelwa kwangaphambili', af: '4G Voorafbetaal', billing: 'prepaid' },
} as const satisfies Record<string, Record<TranslatedLanguage, string> & { billing: ProductBilling }>

type Worded = Record<'en' | TranslatedLanguage, string>

/** The usual speed line, "Up to 10Mbps" in each language, and what a package adds after it. */
const upTo = (speed: string, and?: Worded): Worded => {
  const line: Worded = { en: `Up to ${speed}`, xh: `Ukuya kuthi ga kwi-${speed}`, af: `Tot ${speed}` }
  return and ? { en: `${line.en}, ${and.en}`, xh: `${line.xh}, ${and.xh}`, af: `${line.af}, ${and.af}` } : line
}

const noSpeedCap: Worded = { en: 'no speed cap', xh: 'akukho mda wesantya', af: 'geen spoedbeperking nie' }
const topUpAnyTime: Worded = { en: 'top up any time', xh: 'yongeza nanini na', af: 'herlaai enige tyd' }

/** One package, listed in the order of its id; its name is kept as written in every language (locales/GLOSSARY.md). */
function product(id: number, name: string, plan: keyof typeof plans, unit_price: number, image: string, speed: Worded): SeedProduct {
  const { xh, af, billing } = plans[plan]
  return {
    id,
    sort: id,
    name,
    plan,
    unit_price,
    speed: speed.en,
    image: `/images/products/${image}.svg`,
    billing,
    texts: { xh: { name, plan: xh, speed: speed.xh }, af: { name, plan: af, speed: speed.af } },
  }
}

/** Sandbox catalogue: month-to-month uncapped packages and one prepaid bundle, priced like South African resellers' (rand, VAT incl.). */
export const catalogue: readonly SeedProduct[] = [
  product(1, '4G Uncapped 10Mbps', '4G Uncapped', 299, '4g-10mbps', upTo('10Mbps')),
  product(2, '4G Uncapped 20Mbps', '4G Uncapped', 399, '4g-20mbps', upTo('20Mbps')),
  product(3, '4G Uncapped 30Mbps', '4G Uncapped', 479, '4g-30mbps', upTo('30Mbps')),
  product(4, '4G Uncapped Max', '4G Uncapped', 599, '4g-max', {
    en: 'Best effort, up to 100Mbps',
    xh: 'Esona santya sifumanekayo, ukuya kuthi ga kwi-100Mbps',
    af: 'Beste moontlike spoed, tot 100Mbps',
  }),
  product(5, '5G Uncapped 50Mbps', '5G Uncapped', 549, '5g-50mbps', upTo('50Mbps')),
  product(6, '5G Uncapped 100Mbps', '5G Uncapped', 649, '5g-100mbps', upTo('100Mbps')),
  product(7, '5G Uncapped 200Mbps', '5G Uncapped', 749, '5g-200mbps', upTo('200Mbps')),
  product(8, '5G Uncapped Pro', '5G Uncapped', 899, '5g-pro', upTo('500Mbps', noSpeedCap)),
  product(9, '4G Prepaid 30-Day', '4G Prepaid', 249, '4g-prepaid', upTo('20Mbps', topUpAnyTime)),
]
