import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CHANGE_NOT_SAVED, EMAIL_NEEDS_CONNECTION } from '../../domain/profile.ts'
import { translateMessage } from '../../lib/validationMessages.ts'

const ours = new Map<string, MessageDescriptor>([
  [CHANGE_NOT_SAVED, msg`Your change could not be saved. Please try again.`],
  [EMAIL_NEEDS_CONNECTION, msg`Changing your email needs a connection. Please try again when you are online.`],
])

/** Why an account edit was refused, in the active language: the device's texts, the server's and the validation messages. */
export function accountMessage(i18n: I18n, text: string): string {
  const descriptor = ours.get(text)
  return descriptor ? i18n._(descriptor) : translateMessage(i18n, text)
}
