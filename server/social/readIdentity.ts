import * as client from 'openid-client'
import type { ResolvedProvider } from './relyingParty.ts'

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

export interface ProviderProfile {
  subject: string
  /** Absent when the provider shares none: X's default scope never does, Facebook not when the customer has none or declined. */
  email?: string
  /** The provider vouches that the address is the customer's (OpenID's `email_verified`); absent counts as no. */
  emailVerified: boolean
  displayName: string
}

// Some providers send the claim as a string.
const isTrue = (value: unknown) => value === true || value === 'true'

/**
 * Email and display name from the ID token and the userinfo endpoint; OAuth-only providers (X's `GET /2/users/me`:
 * `{ data: { id, name, username } }`, no email) nest theirs under `data`, so that shape is read too.
 */
export async function readIdentity(
  { config, scope }: ResolvedProvider,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<ProviderProfile> {
  const claims = tokens.claims()
  const userinfoUrl = config.serverMetadata().userinfo_endpoint
  let info: Record<string, unknown> = {}
  if (userinfoUrl && scope.split(' ').includes('openid')) {
    info = await client.fetchUserInfo(config, tokens.access_token, claims?.sub ?? client.skipSubjectCheck)
  } else if (userinfoUrl) {
    const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(userinfoUrl), 'GET')
    if (!res.ok) throw new Error(`userinfo answered ${res.status}`)
    info = (await res.json()) as Record<string, unknown>
  }
  const nested = (typeof info.data === 'object' && info.data !== null ? info.data : {}) as Record<string, unknown>
  const subject = text(claims?.sub) ?? text(info.sub) ?? text(nested.id)
  // The verification is read from wherever the email came from.
  const sources: Array<Record<string, unknown>> = [info, { ...claims }, nested]
  const source = sources.find((where) => text(where.email) !== undefined)
  const email = source && text(source.email)
  const given = [text(info.given_name) ?? text(claims?.given_name), text(info.family_name) ?? text(claims?.family_name)].filter(Boolean).join(' ')
  const displayName = text(info.name) ?? text(claims?.name) ?? text(nested.name) ?? given
  if (!subject) throw new Error('the provider named no subject')
  return { subject, ...(email ? { email } : {}), emailVerified: email !== undefined && isTrue(source?.email_verified), displayName }
}
