import type { Context } from 'hono'
import type { PaymentSettings } from '../payments/paymentSettings.ts'
import type { ClientSettingsSource } from './clientSettings.ts'
import { isHttps, isPublicHttps } from './requestInfo.ts'
import type { TrustProxy } from './requestInfo.ts'

/** What the page policy depends on: the card provider, what the page loads from Google or the translations host, the proxy. */
export interface PageSecuritySettings extends Pick<ClientSettingsSource, 'googlePay' | 'googleMapsKey' | 'i18nHost'> {
  payments?: PaymentSettings
  trustProxy?: TrustProxy
  /** An https origin: HSTS on every page, whatever scheme a proxy said the request came by. */
  publicUrl?: string
}

// Google's hosts, per its Google Pay and Maps JavaScript API (Places) content security policy guides.
const googlePay = { script: 'https://pay.google.com', images: 'https://www.gstatic.com' }
const googleMaps = {
  script: 'https://maps.googleapis.com',
  api: ['https://maps.googleapis.com', 'https://places.googleapis.com'],
  images: ['https://maps.gstatic.com', 'https://maps.googleapis.com'],
  styles: 'https://fonts.googleapis.com',
  fonts: 'https://fonts.gstatic.com',
}

type Source = string | false | undefined

/**
 * The Content-Security-Policy of the app's pages: its own origin, plus exactly what a configured provider needs.
 * The sandbox card provider is served from this origin, so only a real one (PAYMENT_BASE_URL) adds a host.
 */
export function contentSecurityPolicy({ payments, googlePay: wallet, googleMapsKey, i18nHost }: PageSecuritySettings): string {
  // COPYandPAY's widget runs from the provider's host and fills in the form with its own frames, styles and logos.
  const provider = payments?.kind === 'provider' && new URL(payments.baseUrl).origin
  // Only Google's own sheet loads from Google; the sandbox wallet is this origin's.
  const pay = wallet?.environment === 'TEST' || wallet?.environment === 'PRODUCTION'
  const places = Boolean(googleMapsKey)
  const i18nOrigin = i18nHost ? new URL(i18nHost).origin : undefined
  const directives: [string, ...Source[]][] = [
    ['default-src', "'self'"],
    // No inline script anywhere: the build emits only script files, neither sandbox adds one, and the settings element is JSON data.
    ['script-src', "'self'", provider, pay && googlePay.script, places && googleMaps.script],
    // goober, the card widget and the Google Pay button inject <style> elements, and React sets style attributes.
    ['style-src', "'self'", "'unsafe-inline'", provider, places && googleMaps.styles],
    ['img-src', "'self'", 'data:', provider, pay && googlePay.script, pay && googlePay.images, ...(places ? googleMaps.images : [])],
    ['font-src', "'self'", places && googleMaps.fonts],
    // The translations may live on another host (I18N_HOST).
    ['connect-src', "'self'", provider, pay && googlePay.script, ...(places ? googleMaps.api : []), i18nOrigin],
    ['frame-src', provider, pay && googlePay.script],
    ['form-action', "'self'", provider],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ]
  return directives
    .map(([name, ...sources]) => {
      const allowed = [...new Set(sources.filter((s): s is string => typeof s === 'string'))]
      return `${name} ${allowed.length > 0 ? allowed.join(' ') : "'none'"}`
    })
    .join('; ')
}

/** Features the pages never use are off; payment stays on for the wallet (Google's frame too, when it is loaded). */
export function permissionsPolicy({ googlePay: wallet }: PageSecuritySettings): string {
  const payment = wallet?.environment === 'TEST' || wallet?.environment === 'PRODUCTION' ? `(self "${googlePay.script}")` : '(self)'
  return `camera=(), microphone=(), geolocation=(), usb=(), payment=${payment}`
}

/** The headers every HTML page of the app carries; HSTS when PUBLIC_URL is https or the browser reached us over https. */
export function pageSecurityHeaders(settings: PageSecuritySettings): (c: Context) => Record<string, string> {
  const fixed = {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    // The origin still reaches cross-origin hosts: a Maps key restricted by referrer needs it.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy(settings),
  }
  const trust = { trustProxy: settings.trustProxy ?? false }
  const withHsts = { ...fixed, 'Strict-Transport-Security': 'max-age=31536000' }
  if (isPublicHttps(settings)) return () => withHsts
  return (c) => (isHttps(c, trust) ? withHsts : fixed)
}

/**
 * The staff app's page (/staff…): its own origin only (no card provider, wallet, maps or translations host), no worker
 * and no manifest, never framed; passkeys for this origin only, and no address sent anywhere from it.
 */
export const staffContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // goober injects <style> elements, and React sets style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ')

export function staffPageSecurityHeaders(settings: PageSecuritySettings): (c: Context) => Record<string, string> {
  const fixed = {
    'Content-Security-Policy': staffContentSecurityPolicy,
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(), publickey-credentials-get=(self), publickey-credentials-create=(self)',
    'X-Robots-Tag': 'noindex',
  }
  const trust = { trustProxy: settings.trustProxy ?? false }
  const withHsts = { ...fixed, 'Strict-Transport-Security': 'max-age=31536000' }
  if (isPublicHttps(settings)) return () => withHsts
  return (c) => (isHttps(c, trust) ? withHsts : fixed)
}
