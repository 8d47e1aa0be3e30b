import { createHash, generateKeyPair, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import type { JWK } from 'oidc-provider'
import type { Queryable } from '../../db/types.ts'
import { requestRecord } from '../../http/accessLog.ts'
import { forwardedHeadersTrusted } from '../../http/requestInfo.ts'
import type { TrustProxy } from '../../http/requestInfo.ts'
import { silentLogger } from '../../log.ts'
import type { Logger } from '../../log.ts'
import { isSocialProvider } from '../../social/providerConfig.ts'
import type { SocialProvider } from '../../social/providerConfig.ts'
import { sandboxIdentities } from './identities.ts'
import type { SandboxIdentity } from './identities.ts'
import { dbAdapterFactory } from './dbAdapter.ts'
import { createIssuer } from './issuer.ts'
import { shopperI18n } from '../i18n.ts'
import { nodeRequestLanguages } from '../../i18n/requestLanguage.ts'
import { expiredPage, pagePolicy, signInPage } from './page.ts'

export const sandboxPrefix = '/sandbox/identity'
const maxFormBytes = 8 * 1024
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The sandbox identity providers, as the storefront's social sign-in (the relying party) sees them. */
export interface SandboxIdentityService {
  /** The issuer URL for provider reached at origin, or undefined when the sandbox does not serve that origin. */
  issuerFor(origin: string, provider: SocialProvider): string | undefined
  clientId(provider: SocialProvider): string
  /** The secret the storefront authenticates to the sandbox with: the same on every instance of one database. */
  clientSecret(): Promise<string>
  /** Origins (scheme://host:port) browsers may reach the sandbox at; set once the port is known. */
  allowOrigins(origins: readonly string[]): void
  /** Node handler for every request under /sandbox/identity/. */
  handle(req: IncomingMessage, res: ServerResponse): void
}

export interface SandboxIdentityOptions {
  /** Holds everything a sign-in needs (keys, identities, codes, sessions), so any instance can serve any step. */
  db: Queryable
  trustProxy?: TrustProxy
  log?: Logger
}

/** Issuers are made per origin and provider on first use, so localhost and 127.0.0.1 each get matching URLs. */
export function createSandboxIdentity({ db, trustProxy = false, log = silentLogger }: SandboxIdentityOptions): SandboxIdentityService {
  const allowed = new Set<string>()
  const issuers = new Map<string, { provider: Provider; handler: ReturnType<Provider['callback']> }>()
  let keys: Promise<SharedKeys> | undefined
  const sharedKeys = () => {
    keys ??= loadSharedKeys(db)
    // A failed read is tried again on the next request rather than remembered.
    keys.catch(() => (keys = undefined))
    return keys
  }
  const adapter = dbAdapterFactory(db)
  const findIdentity = async (subject: string) =>
    (await db.query<SandboxIdentity>('select email, name, email_verified as "emailVerified" from sandbox_identities where subject = $1', [subject]))[0]

  const issuerFor = (origin: string, provider: SocialProvider) => (allowed.has(origin) ? `${origin}${sandboxPrefix}/${provider}` : undefined)
  const clientId = (provider: SocialProvider) => `storefront-${provider}`

  async function issuer(origin: string, p: SocialProvider) {
    const key = `${origin} ${p}`
    const found = issuers.get(key)
    if (found) return found
    const { clientSecret, cookieKey, signingKey } = await sharedKeys()
    const provider = createIssuer({
      provider: p,
      issuer: `${origin}${sandboxPrefix}/${p}`,
      redirectUri: `${origin}/api/auth/${p}/callback`,
      clientId: clientId(p),
      clientSecret,
      signingKey,
      cookieKeys: [cookieKey],
      adapter,
      findIdentity,
      proxy: trustProxy !== false && trustProxy !== 0,
      log,
    })
    const made = issuers.get(key) ?? { provider, handler: provider.callback() }
    issuers.set(key, made)
    return made
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    const [, p = '', ...rest] = url.pathname.slice(sandboxPrefix.length).split('/')
    // Forwarded headers from a peer that is not a trusted proxy are the client's own words: the issuer never sees them.
    if (!forwardedHeadersTrusted(req.socket.remoteAddress, trustProxy)) for (const name of forwardedHeaders) delete req.headers[name]
    const origin = originOf(req)
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
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The tester cancelled sign-in' },
        { mergeWithLastSubmission: false },
      )
    }
    const picked = form.has('identity') ? sandboxIdentities[Number(form.get('identity'))] : undefined
    const email = (picked?.email ?? form.get('email') ?? '').trim()
    const name = (picked?.name ?? form.get('name') ?? '').trim().replace(/\s+/g, ' ')
    // An unticked box is not sent at all.
    const emailVerified = picked !== undefined || form.get('email_verified') === 'true'
    if (!emailShape.test(email) || name === '' || name.length > 200 || email.length > 254) {
      const i18n = await pageI18n(req, details.params.ui_locales)
      const error = i18n._({ id: 'identity.missingIdentity', message: 'Enter an email address and a display name.' })
      return send(
        res,
        400,
        'text/html; charset=utf-8',
        signInPage({ i18n, provider: p, action: `${base}/interaction/${uid}/login`, error, email, name, emailVerified }),
      )
    }
    // The subject is stable per email, as a real provider's is per account.
    const accountId = createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 32)
    await db.query(
      `insert into sandbox_identities (subject, email, name, email_verified) values ($1, $2, $3, $4)
       on conflict (subject) do update set email = excluded.email, name = excluded.name, email_verified = excluded.email_verified`,
      [accountId, email, name, emailVerified],
    )
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
  }

  return {
    issuerFor,
    clientId,
    clientSecret: async () => (await sharedKeys()).clientSecret,
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

const forwardedHeaders = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']

/** scheme://host as the browser sees it; forwarded headers are only still there when the peer is trusted. */
function originOf(req: IncomingMessage): string {
  const header = (name: string) => [req.headers[name]].flat()[0]?.split(',')[0]?.trim()
  const proto = header('x-forwarded-proto') || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http')
  const host = header('x-forwarded-host') || req.headers.host || ''
  return `${proto}://${host}`
}

interface SharedKeys {
  clientSecret: string
  cookieKey: string
  signingKey: JWK
}

/** The one set of keys of this database's sandbox: made by the first instance that needs them, read by the rest. */
async function loadSharedKeys(db: Queryable): Promise<SharedKeys> {
  const read = async () =>
    (
      await db.query<{ client_secret: string; cookie_key: string; signing_key: JWK }>(
        'select client_secret, cookie_key, signing_key from sandbox_identity_keys where id = 1',
      )
    )[0]
  let row = await read()
  if (!row) {
    const made = { clientSecret: randomBytes(32).toString('base64url'), cookieKey: randomBytes(32).toString('base64url'), signingKey: await newSigningKey() }
    // Two instances may make keys at once; the first insert wins and both use its keys.
    await db.query(
      `insert into sandbox_identity_keys (id, client_secret, cookie_key, signing_key) values (1, $1, $2, $3::text::jsonb) on conflict (id) do nothing`,
      [made.clientSecret, made.cookieKey, JSON.stringify(made.signingKey)],
    )
    row = await read()
  }
  if (!row) throw new Error('the identity sandbox keys could not be stored')
  return { clientSecret: row.client_secret, cookieKey: row.cookie_key, signingKey: row.signing_key }
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
  const { hinted, accepted } = nodeRequestLanguages(req)
  return shopperI18n(uiLocales, hinted, accepted)
}

async function expired(req: IncomingMessage, res: ServerResponse) {
  send(res, 400, 'text/html; charset=utf-8', expiredPage(await pageI18n(req, undefined)))
}
