import * as v from 'valibot'
import { MAX_EMAIL_LENGTH, MAX_FIELD_LENGTH, noBidiControls, storableText } from './storable.ts'

/** The Contact Us form of /support, sent to POST /api/support/messages and queued while offline. */

export const supportMessages = {
  nameRequired: 'Name is required.',
  nameLength: 'Name must be at most 100 characters.',
  nameDirection: 'Name cannot contain text direction control characters.',
  emailRequired: 'Email is required.',
  emailShape: 'Invalid email address.',
  messageRequired: 'Message is required.',
  messageLength: 'Message must be at most 2000 characters.',
  unsavable: 'This text contains characters that cannot be saved.',
} as const

export const MAX_SUPPORT_MESSAGE = 2000

/** A required text, trimmed, of at most `max` characters; each field adds its own checks after these. */
const requiredText = (required: string, max: number, tooLong: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong))

export const SupportMessageSchema = v.object({
  name: v.pipe(
    requiredText(supportMessages.nameRequired, MAX_FIELD_LENGTH, supportMessages.nameLength),
    noBidiControls(supportMessages.nameDirection),
    storableText(supportMessages.unsavable),
  ),
  email: v.pipe(requiredText(supportMessages.emailRequired, MAX_EMAIL_LENGTH, supportMessages.emailShape), v.email(supportMessages.emailShape)),
  message: v.pipe(requiredText(supportMessages.messageRequired, MAX_SUPPORT_MESSAGE, supportMessages.messageLength), storableText(supportMessages.unsavable)),
})
export type SupportMessageInput = v.InferInput<typeof SupportMessageSchema>
export type SupportMessage = v.InferOutput<typeof SupportMessageSchema>

/** Body of POST /api/support/messages; `id` equals the Idempotency-Key header, made when the customer pressed Submit. */
export const SupportRequestSchema = v.object({ id: v.pipe(v.string(), v.uuid()), message: SupportMessageSchema })
export type SupportRequest = v.InferOutput<typeof SupportRequestSchema>

/** 201 (or the stored first answer, repeated): the reference the customer quotes, e.g. "SUP-7K3FXQ2A". */
export const SupportAnswerSchema = v.object({ reference: v.string() })
