import { createHash, generateKeyPair, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { JWK } from 'oidc-provider'
import { requestRecord } from '../../http/accessLog.ts'
import { silentLogger } from '../../log.ts'
import type { Logger } from '../../log.ts'
import { isSocialProvider } from '../../social/providerConfig.ts'
import type { SocialProvider } from '../../social/providerConfig.ts'
import { sandboxIdentities } from './identities.ts'
import type { SandboxIdentity } from './identities.ts'
import { createIssuer } from './issuer.ts'
import { shopperI18n } from '../i18n.ts'
import { expiredPage, pagePolicy, signInPage } from './page.ts'

export const sandboxPrefix = '/sandbox/identity'
const maxFormBytes = 8 * 1024
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The sandbox identity providers, as the storefront's social sign-in (the relying party) sees them. */
export interface SandboxIdentityService {
  /** The issuer URL for provider reached at origin, or undefined when the sandbox does not serve that origin. */
  issuerFor(origin: string, provider: SocialProvider): string | undefined
  clientId(provider: SocialProvider): string
  readonly clientSecret: string
  /** Origins (scheme://host:port) browsers may reach the sandbox at; set once the port is known. */
  allowOrigins(origins: readonly string[]): void
  /** Node handler for every request under /sandbox/identity/. */
  handle(req: IncomingMessage, res: ServerResponse): void
}

/** Issuers are made per origin and provider on first use, so localhost and 127.0.0.1 each get matching URLs. */
export function createSandboxIdentity({ trustProxy = false, log = silentLogger }: { trustProxy?: boolean; log?: Logger } = {}): SandboxIdentityService {
  const clientSecret = randomBytes(32).toString('base64url')
  const cookieKeys = [randomBytes(32).toString('base64url')]
  const accounts = new Map<string, SandboxIdentity>()
  const allowed = new Set<string>()
  const issuers = new Map<string, { provider: Provider; handler: ReturnType<Provider['callback']> }>()
  let signingKey: Promise<JWK> | undefined

  const issuerFor = (origin: string, provider: SocialProvider) => (allowed.has(origin) ? `${origin}${sandboxPrefix}/${provider}` : undefined)
  const clientId = (provider: SocialProvider) => `storefront-${provider}`

  async function issuer(origin: string, p: SocialProvider) {
    const key = `${origin} ${p}`
    const found = issuers.get(key)
    if (found) return found
    signingKey ??= newSigningKey()
    const provider = createIssuer({
      provider: p,
      issuer: `${origin}${sandboxPrefix}/${p}`,
      redirectUri: `${origin}/api/auth/${p}/callback`,
      clientId: clientId(p),
      clientSecret,
      signingKey: await signingKey,
      cookieKeys,
      accounts,
      trustProxy,
      log,
    })
    const made = issuers.get(key) ?? { provider, handler: provider.callback() }
    issuers.set(key, made)
    return made
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    const [, p = '', ...rest] = url.pathname.slice(sandboxPrefix.length).split('/')
    const origin = originOf(req, trustProxy)
    if (!isSocialProvider(p) || !allowed.has(origin)) return send(res, 404, 'text/plain', 'Not found')
    const { provider, handler } = await issuer(origin, p)
    const base = `${sandboxPrefix}/${p}`
    if (rest[0] === 'interaction' && rest[1]) {
      const uid = rest[1]
      if (rest.length === 2 && req.method === 'GET') return showSignIn(provider, p, req, res, uid, base)
      if (rest.length === 3 && rest[2] === 'login' && req.method === 'POST') return submitSignIn(provider, p, req, res, uid, base)
      return send(res, 404, 'text/plain', 'Not found')
    }
    // Mounted like Express would: the provider reads its mount path from originalUrl.
    Object.assign(req, { originalUrl: req.url, url: url.pathname.slice(base.length) + url.search || '/' })
    handler(req, res)
  }

  async function showSignIn(provider: Provider, p: SocialProvider, req: IncomingMessage, res: ServerResponse, uid: string, base: string) {
    const details = await provider.interactionDetails(req, res)
    const i18n = await pageI18n(req, details.params.ui_locales)
    if (details.uid !== uid || details.prompt.name !== 'login') return expired(req, res)
    send(res, 200, 'text/html; charset=utf-8', signInPage({ i18n, provider: p, action: `${base}/interaction/${uid}/login` }))
  }

  async function submitSignIn(provider: Provider, p: SocialProvider, req: IncomingMessage, res: ServerResponse, uid: string, base: string) {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) return expired(req, res)
    const form = new URLSearchParams(await readBody(req))
    if (form.has('cancel')) {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The tester cancelled sign-in' }, { mergeWithLastSubmission: false })
    }
    const picked = form.has('identity') ? sandboxIdentities[Number(form.get('identity'))] : undefined
    const email = (picked?.email ?? form.get('email') ?? '').trim()
    const name = (picked?.name ?? form.get('name') ?? '').trim().replace(/\s+/g, ' ')
    // An unticked box is not sent at all.
    const emailVerified = picked !== undefined || form.get('email_verified') === 'true'
    if (!emailShape.test(email) || name === '' || name.length > 200 || email.length > 254) {
      const i18n = await pageI18n(req, details.params.ui_locales)
      const error = i18n._({ id: 'identity.missingIdentity', message: 'Enter an email address and a display name.' })
      return send(res, 400, 'text/html; charset=utf-8', signInPage({ i18n, provider: p, action: `${base}/interaction/${uid}/login`, error, email, name, emailVerified }))
    }
    // The subject is stable per email, as a real provider's is per account.
    const accountId = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)
    accounts.set(accountId, { email, name, emailVerified })
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
  }

  return {
    issuerFor,
    clientId,
    clientSecret,
    allowOrigins(origins) {
      for (const o of origins) allowed.add(o)
    },
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        log.error({ err: error, reqId: requestRecord(req)?.id }, 'sandbox identity request failed')
        if (!res.headersSent) expired(req, res).catch(() => res.end())
        else res.end()
      })
    },
  }
}

function originOf(req: IncomingMessage, trustProxy: boolean): string {
  const header = (name: string) => [req.headers[name]].flat()[0]?.split(',')[0]?.trim()
  const proto = (trustProxy && header('x-forwarded-proto')) || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http')
  const host = (trustProxy && header('x-forwarded-host')) || req.headers.host || ''
  return `${proto}://${host}`
}

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await new Promise<{ privateKey: import('node:crypto').KeyObject }>((done, fail) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _pub, privateKey) => (err ? fail(err) : done({ privateKey }))),
  )
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'sandbox-rs256', alg: 'RS256', use: 'sig' }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    let size = 0
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxFormBytes) fail(new Error('sign-in form too large'))
      else chunks.push(chunk)
    })
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': pagePolicy,
  })
  res.end(body)
}

/** A sign-in page's language: the relying party's `ui_locales` (OpenID Connect's way of asking), cookie, browser. */
function pageI18n(req: IncomingMessage, uiLocales: unknown) {
  return shopperI18n(uiLocales, req.headers.cookie, req.headers['accept-language'])
}

async function expired(req: IncomingMessage, res: ServerResponse) {
  send(res, 400, 'text/html; charset=utf-8', expiredPage(await pageI18n(req, undefined)))
}
