import * as v from 'valibot'
import { AddressSchema, PersonalSchema } from './account.ts'
import { LANGUAGES } from './languageCodes.ts'
import { ChangePasswordSchema } from './password.ts'
import { serverMessages } from './serverMessages.ts'

/**
 * The customer's own edits of their account, with the sign-up's rules and messages: shared by the profile forms, the
 * facts that record an edit on the device, the outbox that sends it and the server that checks it again.
 */

/** What Update Profile changes without a connection: the personal details but the ID number (the RICA identity) and the email. */
export const ProfileSchema = v.object({
  first_name: PersonalSchema.entries.first_name,
  last_name: PersonalSchema.entries.last_name,
  phone: PersonalSchema.entries.phone,
  mobile: PersonalSchema.entries.mobile,
})
export type Profile = v.InferOutput<typeof ProfileSchema>

/** Update Profile's fields, email included (its change is confirmed by a link, see EmailChangeSchema). */
export const ProfileFormSchema = v.object({ ...ProfileSchema.entries, email: PersonalSchema.entries.email })

/** Body of POST /v2/users/{user_id}/email: the new address, and the current password that proves it is the customer asking. */
export const EmailChangeSchema = v.object({ email: PersonalSchema.entries.email, current_password: ChangePasswordSchema.entries.current_password })
export type EmailChange = v.InferOutput<typeof EmailChangeSchema>

/** Body of POST /v2/email_confirmations: the token of the link mailed to the new address. */
export const EmailConfirmationSchema = v.object({
  token: v.pipe(v.string(serverMessages.emailLinkInvalid), v.regex(/^[A-Za-z0-9_-]{43}$/, serverMessages.emailLinkInvalid)),
})
export const EmailConfirmedSchema = v.object({ email: v.string() })

/** Body of the links about the email (sign-up confirmation, stop and undo of a change): a 43-character token. */
const emailLinkBody = (refusal: string) => v.object({ token: v.pipe(v.string(refusal), v.regex(/^[A-Za-z0-9_-]{43}$/, refusal)) })
export const EmailVerificationSchema = emailLinkBody(serverMessages.verifyLinkInvalid)
export const EmailChangeStopSchema = emailLinkBody(serverMessages.stopLinkInvalid)
export const EmailChangeUndoSchema = emailLinkBody(serverMessages.undoLinkInvalid)

/** An address is named by a UUID the device makes, so an edit made offline can name an address the server has not seen. */
export const AddressIdSchema = v.pipe(v.string(), v.uuid())

/** Body of PUT /v2/users/{user_id}/addresses/{address_id}: the address form's fields, and whether deliveries go there by default. */
export const AddressSaveSchema = v.object({ address: AddressSchema, is_default: v.optional(v.boolean(), false) })

/** Body of PUT /v2/users/{user_id}/default_address. */
export const DefaultAddressSchema = v.object({ address_id: AddressIdSchema })

/**
 * Body of PUT /v2/users/{user_id}/language: the language the customer picked while signed in (on the device a
 * v1.LanguageChosen fact); every mail to them speaks it, whatever device asks for the mail.
 */
export const LanguageChoiceSchema = v.object({ language: v.picklist(LANGUAGES, serverMessages.languageUnknown) })
export type LanguageChoice = v.InferOutput<typeof LanguageChoiceSchema>

/** The outbox kind of a queued account edit: its Idempotency-Key is the id of the fact that records it. */
export const ACCOUNT_EDIT = 'account.edit'

/** One edit of the account, as the device queues it and the projection overlays it until the server answers. */
export const AccountEditSchema = v.variant('kind', [
  v.object({ kind: v.literal('profile'), profile: ProfileSchema }),
  v.object({ kind: v.literal('address.save'), address_id: AddressIdSchema, ...AddressSaveSchema.entries }),
  v.object({ kind: v.literal('address.remove'), address_id: AddressIdSchema }),
  v.object({ kind: v.literal('address.default'), address_id: AddressIdSchema }),
  v.object({ kind: v.literal('language'), ...LanguageChoiceSchema.entries }),
])
export type AccountEdit = v.InferOutput<typeof AccountEditSchema>

/** A queued edit: its id is the fact's and the Idempotency-Key. */
export const AccountEditRequestSchema = v.object({ id: v.pipe(v.string(), v.uuid()), edit: AccountEditSchema })
export type AccountEditRequest = v.InferOutput<typeof AccountEditRequestSchema>

/** What an edit changes, so a newer edit of the same thing replaces an older refusal of it. */
export const editTarget = (edit: AccountEdit): string => (edit.kind === 'profile' || edit.kind === 'language' ? edit.kind : `address:${edit.address_id}`)

/** Text stored for an edit refused on the device (its stored request no longer reads) or without the server's words. */
export const CHANGE_NOT_SAVED = 'Your change could not be saved. Please try again.'

/** The form input a refusal belongs to: the first issue's field (`address.city` is the address form's `city`), else none. */
export function refusalField(issues: readonly { path: string; message: string }[]): string | null {
  const path = issues[0]?.path
  return path ? (path.split('.').at(-1) ?? null) : null
}

/** Said when an email change is asked for without a connection: it carries the password, which the device never keeps. */
export const EMAIL_NEEDS_CONNECTION = 'Changing your email needs a connection. Please try again when you are online.'
