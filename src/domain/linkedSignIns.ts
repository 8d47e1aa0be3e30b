import * as v from 'valibot'
import { passwordMessages } from './password.ts'
import { serverMessages } from './serverMessages.ts'

/**
 * The provider sign-ins linked to an account (Google, Facebook, X), which its owner sees on the profile and removes:
 * the answers and bodies the server checks and the profile reads, written once.
 */

export const LINKED_PROVIDERS = ['google', 'facebook', 'twitter'] as const
export type LinkedProvider = (typeof LINKED_PROVIDERS)[number]

/** How recent the sign-in of this session must be to remove a sign-in from an account without a password its owner knows. */
export const FRESH_SIGN_IN_MINUTES = 10

/** One linked sign-in: the provider's own id for the customer (subject), the verified email it was linked with, when. */
export const LinkedSignInSchema = v.object({
  provider: v.picklist(LINKED_PROVIDERS),
  subject: v.string(),
  /** Null for a sign-in linked before the email was recorded, or without a verified one. */
  email: v.nullable(v.string()),
  linked_at: v.string(),
  last_used_at: v.nullable(v.string()),
})
export type LinkedSignIn = v.InferOutput<typeof LinkedSignInSchema>

/** GET /v2/users/{user_id}/sign_ins: the linked sign-ins, oldest first, and whether the account has a password its owner chose. */
export const LinkedSignInsSchema = v.object({ sign_ins: v.array(LinkedSignInSchema), has_password: v.boolean() })
export type LinkedSignIns = v.InferOutput<typeof LinkedSignInsSchema>

/** Body of POST /v2/users/{user_id}/sign_ins/remove: which sign-in, and the current password when the account has one. */
export const RemoveSignInSchema = v.object({
  provider: v.picklist(LINKED_PROVIDERS, serverMessages.signInNotFound),
  subject: v.pipe(v.string(serverMessages.signInNotFound), v.minLength(1, serverMessages.signInNotFound), v.maxLength(255, serverMessages.signInNotFound)),
  current_password: v.optional(v.pipe(v.string(passwordMessages.currentRequired), v.maxLength(1024, passwordMessages.currentRequired))),
})
export type RemoveSignIn = v.InferOutput<typeof RemoveSignInSchema>

/** Why a removal was refused, for the profile to act on: ask for the password again, offer a new sign-in, or explain. */
export const SIGN_IN_REMOVAL_REFUSALS = ['password', 'sign_in_again', 'last_sign_in'] as const
export type SignInRemovalRefusal = (typeof SIGN_IN_REMOVAL_REFUSALS)[number]
/** A refused removal: the message, and its reason (none when the path names another customer's account). */
export const SignInRemovalRefusedSchema = v.object({ error: v.string(), reason: v.optional(v.picklist(SIGN_IN_REMOVAL_REFUSALS)) })

/** Body of POST /v2/sign_in_removals: the token of the link mailed when a sign-in joined the account. */
export const SignInRemovalLinkSchema = v.object({
  token: v.pipe(v.string(serverMessages.signInRemovalLinkInvalid), v.regex(/^[A-Za-z0-9_-]{43}$/, serverMessages.signInRemovalLinkInvalid)),
})

/** The providers' names as the sign-in buttons show them (brands, never translated). */
export const linkedProviderNames: Record<LinkedProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' }
