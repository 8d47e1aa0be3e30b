import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ChangeError } from '../../../../machines/serviceChange.machine.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'

const offline = msg`Changing your SIM needs a connection. Check your connection and try again.`
const unknown = msg`Something went wrong. Please try again.`

/**
 * Why a package change, cancellation or undo did not happen, in the customer's language: the server's refusals (a
 * cancelled SIM, a SIM the network has not activated yet, …) are its serverMessages, translated like every other.
 */
export function changeErrorText(i18n: I18n, error: ChangeError): string {
  if (error.offline) return i18n._(offline)
  return error.message ? translateMessage(i18n, error.message) : i18n._(unknown)
}
