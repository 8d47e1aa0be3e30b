import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { BundleKind } from '../../domain/bundle.ts'
import type { ProductBilling } from '../../domain/service.ts'
import { CATALOGUE_REFUSALS, type CatalogueRefusal } from '../../domain/staffCatalogue.ts'
import { StaffApiError } from '../api/client.ts'
import { useErrorText } from '../ui/errorText.ts'

const billingNames: Record<ProductBilling, MessageDescriptor> = {
  prepaid: msg`Prepaid`,
  monthly: msg`Monthly`,
}

/** One line on what each billing means for the customer, under the billing's choice. */
const billingExplained: Record<ProductBilling, MessageDescriptor> = {
  prepaid: msg`Prepaid: the customer pays first and tops up; bundles are bought from the SIM's balance.`,
  monthly: msg`Monthly: a month-to-month line billed each month for its use, under the customer's spend limit.`,
}

const kindNames: Record<BundleKind, MessageDescriptor> = {
  data: msg`Data`,
  voice: msg`Minutes`,
  sms: msg`SMS`,
}

const refusalTexts: Record<CatalogueRefusal, MessageDescriptor> = {
  not_found: msg`There is no such package or bundle. It may have been removed; open the catalogue again.`,
  retired: msg`This was retired: it stays on the orders and SIMs that name it, and can no longer be changed.`,
  billing_in_use: msg`Orders or SIMs already name this package, so its billing stays as it is. Add a new package for the other billing.`,
  bundle_id_taken: msg`A bundle with this id exists already (retired ones count too). Choose another id.`,
}

/** The catalogue's words in the member's language: billing, its explanation, a bundle's kind, and why a change was refused. */
export function useCatalogueTexts() {
  const { i18n } = useLingui()
  const errorText = useErrorText()
  return {
    billingName: (billing: ProductBilling) => i18n._(billingNames[billing]),
    billingExplained: (billing: ProductBilling) => i18n._(billingExplained[billing]),
    kindName: (kind: BundleKind) => i18n._(kindNames[kind]),
    /** A failed call in the member's language: the catalogue's own refusals by their code, any other as the staff app says it. */
    errorText: (error: unknown) =>
      error instanceof StaffApiError && (CATALOGUE_REFUSALS as readonly string[]).includes(error.code ?? '')
        ? i18n._(refusalTexts[error.code as CatalogueRefusal])
        : errorText(error),
  }
}
