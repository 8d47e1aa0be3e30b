import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { supportMessages } from '../../domain/support.ts'
import { conversationMessages } from '../../domain/conversations.ts'
import { translateMessage } from '../../lib/validationMessages.ts'

/** The Contact Us form's messages; the shared schema speaks English, the UI translates. */
const descriptors: Record<keyof typeof supportMessages, MessageDescriptor> = {
  nameRequired: msg`Name is required.`,
  nameLength: msg`Name must be at most 100 characters.`,
  nameDirection: msg`Name cannot contain text direction control characters.`,
  emailRequired: msg`Email is required.`,
  emailShape: msg`Invalid email address.`,
  messageRequired: msg`Message is required.`,
  messageLength: msg`Message must be at most 2000 characters.`,
  unsavable: msg`This text contains characters that cannot be saved.`,
}

/** An answer's messages in a conversation. */
const answerDescriptors: Record<keyof typeof conversationMessages, MessageDescriptor> = {
  answerRequired: msg`Write your answer first.`,
  answerLength: msg`An answer must be at most 2000 characters.`,
  unsavable: msg`This text contains characters that cannot be saved.`,
}

const byText = new Map<string, MessageDescriptor>([
  ...(Object.keys(supportMessages) as (keyof typeof supportMessages)[]).map((key) => [supportMessages[key], descriptors[key]] as const),
  ...(Object.keys(conversationMessages) as (keyof typeof conversationMessages)[]).map((key) => [conversationMessages[key], answerDescriptors[key]] as const),
])

/** A support form or answer message (ours or the server's) in the active language; other texts go through the account catalogue. */
export function translateSupportMessage(i18n: I18n, text: string): string {
  const descriptor = byText.get(text)
  return descriptor ? i18n._(descriptor) : translateMessage(i18n, text)
}
