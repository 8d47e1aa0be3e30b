import { type PublicKeyCredentialCreationOptionsJSON, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { staffApi } from '../api/client.ts'
import type { StaffMember } from '../session.tsx'
import { passkeyOptions } from './passkeyOptions.ts'

/** Signs in with a passkey this device or a phone holds (a discoverable credential: no email asked). */
export async function signInWithPasskey(): Promise<void> {
  const options = await staffApi<unknown>('POST', '/sign-in/options')
  const response = await startAuthentication({ optionsJSON: passkeyOptions(options) })
  await staffApi('POST', '/sign-in', { response })
}

/** What an invite says before it is accepted: who is invited, and as what. */
export interface InviteDetails {
  email: string
  name: string
  role: StaffMember['role']
}

const invitePath = (token: string) => `/invites/${encodeURIComponent(token)}`

/** The invite's passkey options, with who it invites (the options name them too). */
async function inviteOptions(token: string): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; invite: InviteDetails }> {
  const answer = await staffApi<{ invite?: InviteDetails } & Record<string, unknown>>('POST', `${invitePath(token)}/options`)
  const options = passkeyOptions<PublicKeyCredentialCreationOptionsJSON>(answer)
  const invite = answer.invite ?? { email: options.user.name, name: options.user.displayName, role: 'support' }
  return { options, invite }
}

/** Who the invite is for; it fails (404 or 410) when the invite is unknown, used or expired. */
export const readInvite = async (token: string): Promise<InviteDetails> => (await inviteOptions(token)).invite

/** Creates the invited member's passkey and their account; the server signs them in. */
export async function acceptInvite(token: string): Promise<void> {
  const { options } = await inviteOptions(token)
  const response = await startRegistration({ optionsJSON: options })
  await staffApi('POST', invitePath(token), { response })
}
