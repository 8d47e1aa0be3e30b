import type { Queryable } from '../db/types.ts'
import type { SocialProvider } from './providerConfig.ts'

/** A social sign-in between /start and /callback. */
export interface OAuthFlow {
  state: string
  provider: SocialProvider
  nonce: string
  code_verifier: string
  redirect_uri: string
  return_to: string
}

/** Long enough to pick an identity, short enough that a stolen state is soon worthless. */
export const flowMinutes = 10

export async function saveFlow(db: Queryable, flow: OAuthFlow): Promise<void> {
  await db.query('delete from oauth_states where expires_at < now()')
  await db.query(
    `insert into oauth_states (state, provider, nonce, code_verifier, redirect_uri, return_to, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
    [flow.state, flow.provider, flow.nonce, flow.code_verifier, flow.redirect_uri, flow.return_to, flowMinutes],
  )
}

/** Removes and returns the live flow for state and provider: each state is good for one callback only. */
export async function takeFlow(db: Queryable, state: string, provider: SocialProvider): Promise<OAuthFlow | undefined> {
  const [row] = await db.query<OAuthFlow>(
    `delete from oauth_states where state = $1 and provider = $2 and expires_at > now()
     returning state, provider, nonce, code_verifier, redirect_uri, return_to`,
    [state, provider],
  )
  return row
}
