import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Bundle } from '../domain/bundle.ts'
import { formatNumber } from '../domain/numbers.ts'

/** A bundle's name in the customer's language, with numbers as the language writes them: "1 GB data", "60 minutes", "100 SMS". */
export function bundleTitle(i18n: I18n, bundle: Pick<Bundle, 'kind' | 'amount'>): string {
  const language = i18n.locale
  if (bundle.kind === 'data') {
    const gb = formatNumber(bundle.amount / 1e9, language, bundle.amount % 1e9 === 0 ? 0 : 2)
    return i18n._(msg`${gb} GB data`)
  }
  if (bundle.kind === 'voice') {
    const minutes = formatNumber(Math.round(bundle.amount / 60), language)
    return i18n._(msg`${minutes} minutes`)
  }
  const count = formatNumber(bundle.amount, language)
  return i18n._(msg`${count} SMS`)
}

/** How long a bundle lasts once paid: "Valid for 30 days". */
export function bundleValidity(i18n: I18n, bundle: Pick<Bundle, 'validity_days'>): string {
  const days = formatNumber(bundle.validity_days, i18n.locale)
  return i18n._(msg`Valid for ${days} days`)
}
