import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { LegalPage } from '../../domain/legal.ts'

/** Each legal page's name: the footer's link, the page's document title and the mails' footer say the same. */
export const legalTitles: Record<LegalPage, MessageDescriptor> = {
  seller: msg`Who we are`,
  privacy: msg`Privacy notice`,
  terms: msg`Terms of sale`,
  paia: msg`PAIA manual`,
}
