import { Hono } from 'hono'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import * as client from 'openid-client'
import { hintedLanguage, requestLanguage } from '../i18n/requestLanguage.ts'
import { signIn } from '../accounts/signIn.ts'
import { mailLinkOrigin } from '../mail/linkOrigin.ts'
import type { Db } from '../db/types.ts'
import { describeOpen } from '../http/openApi.ts'
import { requestLog } from '../http/requestContext.ts'
import { clip } from '../log.ts'
import { requestOrigin } from '../http/requestInfo.ts'
import { cookieIsSecure } from '../http/sessionCookie.ts'
import { storableUrl } from '../http/storableInput.ts'
import type { SandboxIdentityService } from '../sandbox/identity/sandbox.ts'
import { flowMinutes, saveFlow, takeFlow } from '../social/oauthStates.ts'
import { isSocialProvider, offeredProviders, socialProviders } from '../social/providerConfig.ts'
import { readIdentity } from '../social/readIdentity.ts'
import { relyingParty } from '../social/relyingParty.ts'
import { pendingMinutes, startPendingSignIn } from '../social/pendingSignIns.ts'
import { findOrCreateSocialCustomer, linkedCustomer } from '../social/socialCustomer.ts'
import type { Config } from '../config.ts'
import type { AccountSettings } from './users.ts'

/** Real providers (`social`), the rest from the sandbox; the providers offered (all, when omitted); another's endpoints answer 404. */
export type SocialSettings = AccountSettings & Partial<Pick<Config, 'social' | 'socialProviders'>>

// Ties the callback to the browser that started the flow, so nobody can log a victim into their own account.
const flowCookie = 'oauth_flow'
const flowCookiePath = '/api/auth/'

/** The browser's pending social sign-in: set by the provider's callback, read by the routes that finish it (socialEmail.ts). */
export const pendingCookie = 'social_pending'
export const pendingCookiePath = '/api/'

/** Hands the browser its pending sign-in, for as long as the sign-in lives. */
export function setPendingCookie(c: Context, value: string, settings: SocialSettings): void {
  setCookie(c, pendingCookie, value, {
    httpOnly: true,
    sameSite: 'Lax',
    path: pendingCookiePath,
    secure: cookieIsSecure(c, settings),
    maxAge: pendingMinutes * 60,
  })
}

/** Only a path on this site: never //host or an absolute URL, so the flow cannot end somewhere else. */
const safeReturnTo = (value: string | undefined) => (value && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 512 ? value : '/')

const fail = (c: Context, p: string, reason: unknown) => {
  // The provider segment and the provider's error come from the browser: a known name only, and a bounded text.
  const provider = isSocialProvider(p) ? p : 'unknown'
  const why = clip(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason), 300)
  requestLog(c).warn({ provider }, `social sign-in (${provider}) failed: ${why}`)
  return c.redirect('/login?error=social', 302)
}

const provider = { in: 'path', name: 'provider', required: true, schema: { type: 'string' as const, enum: [...socialProviders] } }
const redirect = {
  description:
    "A redirect: to the provider's sign-in page, back to /login (signed_in=provider, or error=social), or to /social_email when the provider shared no verified email",
}

const described = {
  start: describeOpen({
    summary: "Start signing in with a provider (a browser navigation): to the provider's page",
    tags: ['account'],
    parameters: [provider, { in: 'query', name: 'returnTo', schema: { type: 'string' }, description: 'A path on this site to end on' }],
    responses: { 302: redirect },
  }),
  callback: describeOpen({
    summary: 'Where the provider sends the browser back; signs the customer in (sid cookie)',
    tags: ['account'],
    parameters: [provider, { in: 'query', name: 'state', schema: { type: 'string' } }, { in: 'query', name: 'code', schema: { type: 'string' } }],
    responses: { 302: redirect },
  }),
}

/**
 * GET /auth/{provider}/start and /auth/{provider}/callback: OAuth 2.0 authorization code with PKCE,
 * run entirely by the server; these are browser navigations, so they need no Key header and answer with redirects.
 */
export function socialRoutes(db: Db, settings: SocialSettings, sandbox?: SandboxIdentityService) {
  const resolve = relyingParty({ ...(settings.social ? { social: settings.social } : {}), ...(sandbox ? { sandbox } : {}) })
  const appOrigin = (c: Context) => settings.publicUrl || requestOrigin(c, settings)
  const secure = (c: Context) => cookieIsSecure(c, settings)
  const offered = offeredProviders(settings)
  // A provider the deployment does not offer is not there at all, as an unknown path.
  const notOffered = (p: string) => isSocialProvider(p) && !offered.includes(p)

  return (
    new Hono()
      // Mounted outside /api's edge (no Key, no JSON), so the path and query are checked here.
      .use(storableUrl)
      .get('/:provider/start', described.start, async (c) => {
        const p = c.req.param('provider')
        if (notOffered(p)) return c.notFound()
        if (!isSocialProvider(p)) return fail(c, p, 'unknown provider')
        try {
          const origin = appOrigin(c)
          const provider = await resolve(p, origin)
          if (!provider) return fail(c, p, `no sandbox issuer serves ${origin}; set PUBLIC_URL or the provider's variables`)
          const flow = {
            state: client.randomState(),
            provider: p,
            nonce: client.randomNonce(),
            code_verifier: client.randomPKCECodeVerifier(),
            redirect_uri: `${origin}/api/auth/${p}/callback`,
            return_to: safeReturnTo(c.req.query('returnTo')),
          }
          await saveFlow(db, flow)
          const params: Record<string, string> = {
            redirect_uri: flow.redirect_uri,
            scope: provider.scope,
            state: flow.state,
            code_challenge: await client.calculatePKCECodeChallenge(flow.code_verifier),
            code_challenge_method: 'S256',
          }
          if (provider.scope.split(' ').includes('openid')) params.nonce = flow.nonce
          // The provider's sign-in page in the customer's language (OpenID Connect's ui_locales; others ignore it).
          const language = hintedLanguage(c)
          if (language) params.ui_locales = language
          // The sandbox always shows its identity picker, so a tester can switch identities.
          if (provider.sandbox) params.prompt = 'login'
          setCookie(c, flowCookie, flow.state, { httpOnly: true, sameSite: 'Lax', path: flowCookiePath, secure: secure(c), maxAge: flowMinutes * 60 })
          return c.redirect(client.buildAuthorizationUrl(provider.config, params).href, 302)
        } catch (error) {
          return fail(c, p, error)
        }
      })
      .get('/:provider/callback', described.callback, async (c) => {
        const p = c.req.param('provider')
        if (notOffered(p)) return c.notFound()
        if (!isSocialProvider(p)) return fail(c, p, 'unknown provider')
        const state = c.req.query('state')
        const expected = getCookie(c, flowCookie)
        deleteCookie(c, flowCookie, { path: flowCookiePath, httpOnly: true, sameSite: 'Lax', secure: secure(c) })
        if (!state || state !== expected) return fail(c, p, 'state does not match the one this browser started with')
        try {
          const flow = await takeFlow(db, state, p)
          if (!flow) return fail(c, p, 'unknown or expired state')
          if (c.req.query('error')) return fail(c, p, `provider answered ${c.req.query('error')}: ${c.req.query('error_description') ?? ''}`)
          const provider = await resolve(p, new URL(flow.redirect_uri).origin)
          if (!provider) return fail(c, p, 'provider no longer configured')
          // The redirect URI exactly as registered, whatever Host the proxy passed on.
          const current = new URL(flow.redirect_uri)
          current.search = new URL(c.req.url).search
          const tokens = await client.authorizationCodeGrant(provider.config, current, {
            pkceCodeVerifier: flow.code_verifier,
            expectedState: flow.state,
            ...(provider.scope.split(' ').includes('openid') ? { expectedNonce: flow.nonce } : {}),
          })
          const who = await readIdentity(provider, tokens)
          const returnTo = flow.return_to === '/' ? '' : `&returnTo=${encodeURIComponent(flow.return_to)}`
          let found = await linkedCustomer(db, p, who.subject)
          if (found === undefined) {
            if (!who.email || !who.emailVerified) {
              // No address the provider vouches for: the customer proves one through a mailed link before any account is touched.
              setPendingCookie(c, await startPendingSignIn(db, { provider: p, subject: who.subject, displayName: who.displayName }), settings)
              return c.redirect(`/social_email?provider=${p}`, 302)
            }
            const options = { scryptN: settings.scryptN, notice: { origin: mailLinkOrigin(c, settings) }, language: requestLanguage(c) }
            found = await findOrCreateSocialCustomer(db, { provider: p, ...who, email: who.email }, options)
          }
          // No session when the account was taken back by its mailbox while this sign-in was on its way.
          const identity = { provider: p, subject: who.subject }
          if (!(await signIn(c, db, found.customerId, found.version, settings, identity))) return fail(c, p, 'the credentials changed during the sign-in')
          return c.redirect(`/login?signed_in=${p}${returnTo}`, 302)
        } catch (error) {
          return fail(c, p, error)
        }
      })
  )
}
