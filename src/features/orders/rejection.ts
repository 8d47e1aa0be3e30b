import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { unavailableProduct } from '../../domain/order.ts'
import { translateMessage } from '../../lib/validationMessages.ts'

/** Text stored for a refusal that carries no server text; the log keeps English, screens translate it. */
export const ADDRESS_ERROR = 'An error occurred while submitting the address.'
/** Text stored for a queued order the device itself can no longer send. */
export const ORDER_NOT_CREATED = 'Could not create the order. Please try again.'

const ours = new Map<string, MessageDescriptor>([
  [ADDRESS_ERROR, msg`An error occurred while submitting the address.`],
  [ORDER_NOT_CREATED, msg`Could not create the order. Please try again.`],
])

/** Why an order was refused, in the active language: our texts and the shared validation messages are translated, other server text shows as sent. */
export function rejectionText(i18n: I18n, reason: string): string {
  const descriptor = ours.get(reason)
  if (descriptor) return i18n._(descriptor)
  const name = unavailableProduct(reason)
  return name === null ? translateMessage(i18n, reason) : i18n._(msg`${name} is no longer available.`)
}
