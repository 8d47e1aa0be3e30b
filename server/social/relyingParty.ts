import * as client from 'openid-client'
import type { SandboxIdentityService } from '../sandbox/identity/sandbox.ts'
import { tokenAuthMethod } from './providerConfig.ts'
import type { SocialProvider, SocialProviderSettings } from './providerConfig.ts'

/** A provider ready for the authorization-code flow, with the scope to ask for. */
export interface ResolvedProvider {
  config: client.Configuration
  scope: string
  sandbox: boolean
}

export interface RelyingPartyOptions {
  social?: SocialProviderSettings
  sandbox?: SandboxIdentityService
}

const authFor = (p: SocialProvider, secret: string) =>
  tokenAuthMethod[p] === 'client_secret_post' ? client.ClientSecretPost(secret) : client.ClientSecretBasic(secret)

// Plain http is only for the sandbox or a local stand-in; openid-client refuses it unless told.
const insecureIfHttp = (url: string) => (url.startsWith('http:') ? [client.allowInsecureRequests] : [])

/** Resolves a provider to its real configuration when the environment names one, else to the sandbox issuer. */
export function relyingParty({ social = {}, sandbox }: RelyingPartyOptions) {
  const cache = new Map<string, Promise<client.Configuration>>()

  function cached(key: string, make: () => Promise<client.Configuration>) {
    let found = cache.get(key)
    if (!found) {
      found = make()
      // A failed discovery is retried on the next sign-in rather than remembered.
      found.catch(() => cache.delete(key))
      cache.set(key, found)
    }
    return found
  }

  return async function resolve(p: SocialProvider, appOrigin: string): Promise<ResolvedProvider | undefined> {
    const real = social[p]
    if (real) {
      const metadata = { client_secret: real.clientSecret, token_endpoint_auth_method: tokenAuthMethod[p] }
      const config = await cached(p, async () => {
        if (real.issuer) {
          return client.discovery(new URL(real.issuer), real.clientId, metadata, authFor(p, real.clientSecret), { execute: insecureIfHttp(real.issuer) })
        }
        const server = {
          issuer: new URL(real.authorizationUrl).origin,
          authorization_endpoint: real.authorizationUrl,
          token_endpoint: real.tokenUrl,
          ...(real.userinfoUrl ? { userinfo_endpoint: real.userinfoUrl } : {}),
        }
        const made = new client.Configuration(server, real.clientId, metadata, authFor(p, real.clientSecret))
        for (const allow of insecureIfHttp(real.tokenUrl)) allow(made)
        return made
      })
      return { config, scope: real.scope, sandbox: false }
    }
    const issuer = sandbox?.issuerFor(appOrigin, p)
    if (!sandbox || !issuer) return undefined
    const secret = await sandbox.clientSecret()
    const config = await cached(issuer, () =>
      client.discovery(new URL(issuer), sandbox.clientId(p), { client_secret: secret, token_endpoint_auth_method: tokenAuthMethod[p] }, authFor(p, secret), {
        execute: insecureIfHttp(issuer),
      }),
    )
    return { config, scope: 'openid email profile', sandbox: true }
  }
}

export type ResolveProvider = ReturnType<typeof relyingParty>
