import * as v from 'valibot'
import { STAFF_ROLES } from './staff.ts'
import { StaffMemberSchema } from './staffTeam.ts'

/**
 * The back office's passkey ceremonies: each `…/options` answer carries the options @simplewebauthn/browser's
 * startRegistration / startAuthentication take (`optionsJSON`), and the next call sends back what they return.
 */
export const staffSignInMessages = {
  inviteInvalid: 'This invitation link is not valid.',
  inviteUsed: 'This invitation has already been used.',
  inviteExpired: 'This invitation has expired. Ask an owner for a new one.',
  passkeyNotRegistered: 'Your passkey could not be registered. Please try again.',
  signInRefused: 'That passkey could not sign you in.',
  stepUpRefused: 'Your passkey could not be confirmed. Please try again.',
} as const

const base64url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*={0,2}$/), v.maxLength(16_384))

/** What startRegistration returns (RegistrationResponseJSON); the server checks the rest. */
export const PasskeyRegistrationSchema = v.looseObject({
  id: base64url,
  rawId: base64url,
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: v.optional(v.array(v.string())) }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
})

/** What startAuthentication returns (AuthenticationResponseJSON). */
export const PasskeyAssertionSchema = v.looseObject({
  id: base64url,
  rawId: base64url,
  type: v.literal('public-key'),
  response: v.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: v.optional(base64url),
  }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
})

/** Body of POST /api/staff/invites/:token. */
export const AcceptInviteSchema = v.object({ response: PasskeyRegistrationSchema })
/** Body of POST /api/staff/sign-in and POST /api/staff/step-up. */
export const PasskeyAnswerSchema = v.object({ response: PasskeyAssertionSchema })

/** The options the browser passes to the authenticator (PublicKeyCredential…OptionsJSON), as the server made them. */
const OptionsSchema = v.looseObject({ challenge: v.string() })

/** POST /api/staff/invites/:token/options: whom the invitation is for, and the passkey registration's options. */
export const InviteOptionsReplySchema = v.object({
  invite: v.object({ email: v.string(), name: v.string(), role: v.picklist(STAFF_ROLES) }),
  options: OptionsSchema,
})
/** POST /api/staff/sign-in/options and /step-up/options. */
export const PasskeyOptionsReplySchema = v.object({ options: OptionsSchema })
/** A passkey answer accepted: the member, now signed in (the staff_sid cookie is set). */
export const SignedInReplySchema = v.object({ staff: StaffMemberSchema })
