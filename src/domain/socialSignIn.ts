import * as v from 'valibot'
import { messages, PersonalSchema } from './account.ts'
import { serverMessages } from './serverMessages.ts'

/** Body of POST /v2/social_sign_ins/email: the address to prove, for a social sign-in whose provider shared no verified email. */
export const SocialEmailSchema = v.object({ email: v.pipe(PersonalSchema.entries.email, v.nonEmpty(messages.emailRequired)) })
export type SocialEmail = v.InferOutput<typeof SocialEmailSchema>

/** Body of POST /v2/social_sign_ins/confirm: the token of the link mailed to that address. */
export const SocialConfirmSchema = v.object({
  token: v.pipe(v.string(serverMessages.socialLinkInvalid), v.regex(/^[A-Za-z0-9_-]{43}$/, serverMessages.socialLinkInvalid)),
})
