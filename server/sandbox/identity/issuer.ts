import Provider from 'oidc-provider'
import type { Adapter } from 'oidc-provider'
import type { JWK } from 'oidc-provider'
import { defined } from '../../../src/domain/defined.ts'
import { requestRecord } from '../../http/accessLog.ts'
import type { Logger } from '../../log.ts'
import { tokenAuthMethod } from '../../social/providerConfig.ts'
import type { SocialProvider } from '../../social/providerConfig.ts'
import type { SandboxIdentity } from './identities.ts'
import { escapeHtml } from '../../http/escapeHtml.ts'
import { pagePolicy } from './page.ts'

export interface IssuerOptions {
  provider: SocialProvider
  /** http(s)://host/sandbox/identity/{provider} */
  issuer: string
  /** Where the storefront receives the authorization response. */
  redirectUri: string
  clientId: string
  clientSecret: string
  signingKey: JWK
  cookieKeys: string[]
  /** Where codes, sessions and grants are kept (the database, shared by every instance). */
  adapter: (model: string) => Adapter
  /** The identity someone signed in as, by subject, whichever instance they signed in on. */
  findIdentity: (subject: string) => Promise<SandboxIdentity | undefined>
  /** Whether to believe X-Forwarded-* headers; the caller drops them from requests of peers it does not trust. */
  proxy: boolean
  log: Logger
}

/** One standards-conformant OpenID provider standing in for Google, Facebook or Twitter. */
export function createIssuer(o: IssuerOptions): Provider {
  const provider = new Provider(o.issuer, {
    adapter: o.adapter,
    clients: [
      {
        client_id: o.clientId,
        client_secret: o.clientSecret,
        redirect_uris: [o.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: tokenAuthMethod[o.provider],
      },
    ],
    jwks: { keys: [o.signingKey] },
    cookies: {
      keys: o.cookieKeys,
      // Three issuers share a host, so each keeps its own cookies.
      names: { session: `_${o.provider}_session`, interaction: `_${o.provider}_interaction`, resume: `_${o.provider}_resume` },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    // Short lives: a sandbox sign-in is one walk through the flow, nothing needs to outlast it.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${new URL(o.issuer).pathname}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const who = await o.findIdentity(sub)
      // X's default scope shares no email, so its stand-in shares none either.
      if (!who) return undefined
      const email = o.provider === 'twitter' ? {} : { email: who.email, email_verified: who.emailVerified }
      return { accountId: sub, claims: () => ({ sub, ...email, name: who.name }) }
    },
    // The storefront is the sandbox's only, first-party client: consent is implied, never asked.
    loadExistingGrant: async (ctx) => {
      const client = defined(ctx.oidc.client, 'the client asking')
      const session = defined(ctx.oidc.session, 'the signed-in session')
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: defined(session.accountId, "the session's account") })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.set('Content-Security-Policy', pagePolicy)
      ctx.body = `<!doctype html><html lang="en"><title>Sandbox sign-in error</title><main><h1>Sign-in could not continue</h1><p>${escapeHtml(String(out.error))}</p></main></html>`
    },
  })
  provider.proxy = o.proxy
  provider.on('server_error', (ctx, error) => o.log.error({ err: error, reqId: requestRecord(ctx.req)?.id, provider: o.provider }, 'sandbox identity failed'))
  return provider
}
