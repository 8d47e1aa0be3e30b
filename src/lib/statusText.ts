import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The order statuses, a paid bill's and a subscription charge's, as the server sends them (in English, in any case).
const known = new Map<string, MessageDescriptor>([
  ['payment not completed', msg`Payment not Completed`],
  ['queued for delivery', msg`Queued for delivery`],
  ['created', msg`Created`],
  ['cancelled', msg`Cancelled`],
  ['order cancelled', msg`Order cancelled`],
  ['waiting for the network', msg`Waiting for the network`],
  ['active', msg`Active`],
  ['returned: refund due', msg`Returned: refund due`],
  ['success', msg`success`],
  ['billed', msg`Billed`],
])

/** An order, line or bill status from the server in the active language; one the app does not know shows as sent. */
export function statusText(i18n: I18n, status: string): string {
  const descriptor = known.get(status.trim().toLowerCase())
  return descriptor ? i18n._(descriptor) : status
}
