import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { demoIdNumberKey } from './accounts/idNumberSeal.ts'
import { defaultScryptN } from './accounts/password.ts'
import { demoBrandVariables } from './brand/brandSettings.ts'
import type { Config } from './config.ts'
import { readLegalFolder, shippedTemplatesDir, unfinishedLegalTexts } from './legal/legalFolder.ts'
import { smtpCredentialsExposure } from './mail/smtpMailer.ts'
import { sandboxPartner } from './orders/partner.ts'
import { sandboxApiKey } from './http/apiKey.ts'
import { pushProblems } from './push/pushSettings.ts'
import { sandboxedProviders, type SocialProviderSettings } from './social/providerConfig.ts'

/** What production is judged on: the configuration, and the client build the server would serve. */
export interface DeploymentSettings
  extends Pick<
    Config,
    | 'databaseUrl'
    | 'payments'
    | 'network'
    | 'social'
    | 'sandboxes'
    | 'apiKey'
    | 'seed'
    | 'publicUrl'
    | 'reconcileIntervalMs'
    | 'mail'
    | 'serviceActionsIntervalMs'
    | 'cookieSecure'
    | 'scryptN'
    | 'supportEmail'
    | 'seller'
    | 'brand'
    | 'googlePay'
    | 'socialProviders'
    | 'metrics'
    | 'idNumberKey'
    | 'partner'
    | 'push'
  > {
  /** The built client (its Vite manifest), or undefined when there is none to serve. */
  client: { lab: boolean } | undefined
}

const staging = 'or SANDBOX=true on a staging server'

/** The card provider's test systems (OPPWA: test.oppwa.com, eu-test.oppwa.com); the live ones are eu-prod.oppwa.com and oppwa.com. */
const cardTestHost = /^(?:[a-z0-9-]+-)?test\.oppwa\.com$/i

/**
 * Every reason the settings are unsafe in front of real customers, one sentence each naming what to change; none
 * when production may start. The demo's conveniences (the embedded database, the sandboxes, the public key, the
 * seeded customer, the lab) must never reach production by default, so each must be turned off explicitly.
 */
export function productionProblems(s: DeploymentSettings): string[] {
  const problems: string[] = []
  if (s.databaseUrl === '') problems.push('DATABASE_URL is not set: production needs PostgreSQL (postgres://…), not the embedded PGlite')
  else if (s.databaseUrl === 'memory:') problems.push('DATABASE_URL is memory:, which forgets everything at exit: production needs PostgreSQL (postgres://…)')
  if (s.payments.kind === 'sandbox' && !s.sandboxes)
    problems.push(
      `PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are not set, so cards would be charged by the sandbox provider: set them, ${staging}`,
    )
  // An http:// one is refused as such (below) first.
  if (s.payments.kind === 'provider' && s.payments.baseUrl.startsWith('https://') && cardTestHost.test(new URL(s.payments.baseUrl).hostname) && !s.sandboxes)
    problems.push(
      `PAYMENT_BASE_URL (${s.payments.baseUrl}) is the card provider's test system, which never charges a card (orders would be paid by test cards and nobody's money): set the live one, https://eu-prod.oppwa.com, with its PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN, ${staging}`,
    )
  if (s.payments.kind === 'provider' && !s.payments.baseUrl.startsWith('https://'))
    problems.push(
      `PAYMENT_BASE_URL (${s.payments.baseUrl}) is not https, so the access token and every card payment would travel in the clear: set the provider's https URL`,
    )
  if (s.network.kind === 'sandbox' && !s.sandboxes)
    problems.push(
      `NETWORK_BASE_URL is not set, so SIMs would be activated by the sandbox network, which makes up their mobile numbers, balances and usage: set NETWORK_BASE_URL, NETWORK_API_TOKEN and NETWORK_WEBHOOK_SECRET for your enabler (docs/network.md), ${staging}`,
    )
  if (s.network.kind === 'enabler' && !s.network.baseUrl.startsWith('https://'))
    problems.push(
      `NETWORK_BASE_URL (${s.network.baseUrl}) is not https, so the API token and every customer's RICA record would travel in the clear: set the enabler's https URL`,
    )
  // The webhook (PAYMENT_WEBHOOK_KEY) is optional: it records payments sooner, but the worker records them without it.
  if (s.reconcileIntervalMs === 0)
    problems.push(
      'RECONCILE_INTERVAL_MS is 0, so nobody would record a card payment whose customer closed the tab: leave it unset (30000) or set a positive interval',
    )
  if (s.serviceActionsIntervalMs === 0)
    problems.push(
      'SERVICE_ACTIONS_INTERVAL_MS is 0, so no package change or cancellation a customer scheduled would ever take effect: leave it unset (60000) or set a positive interval',
    )
  // Only the offered providers need real settings; none offered (SOCIAL_PROVIDERS empty) needs none.
  const sandboxed = sandboxedProviders(s.social, s.socialProviders)
  if (sandboxed.length > 0 && !s.sandboxes) {
    const names = sandboxed.map((p) => p.toUpperCase())
    problems.push(
      `${names.join(', ')} sign-in would use the sandbox identity issuer, where anyone can claim any email: set ${names.map((n) => `${n}_ISSUER`).join(', ')} (or their _AUTHORIZATION_URL and _TOKEN_URL) with their _CLIENT_ID and _CLIENT_SECRET, ${staging}`,
    )
  }
  // Even a loopback stand-in: outside a demo the secret and the "verified" claims must not be readable or forgeable on the way.
  for (const [name, url] of plainHttpProviderUrls(s.social))
    problems.push(
      `${name} (${url}) is not https, so the client secret, the sign-in codes and the identity the provider vouches for (its "verified" email among it) would travel in the clear: set the provider's https URL`,
    )
  // With the sandbox card provider (refused above) the sandbox wallet is its default and goes with it.
  if (s.googlePay?.environment === 'SANDBOX' && s.payments.kind === 'provider' && !s.sandboxes)
    problems.push(
      `GOOGLE_PAY_ENVIRONMENT is SANDBOX, so the wallet button would open the in-page stand-in for Google Pay: set PRODUCTION with GOOGLE_PAY_MERCHANT_ID and GOOGLE_PAY_GATEWAY_MERCHANT_ID, or OFF for no wallet, ${staging}`,
    )
  if (s.googlePay?.environment === 'TEST' && !s.sandboxes)
    problems.push(
      `GOOGLE_PAY_ENVIRONMENT is TEST, so customers would get Google's test sheet, whose cards are never charged: set PRODUCTION with GOOGLE_PAY_MERCHANT_ID, or OFF for no wallet, ${staging}`,
    )
  if (s.googlePay?.environment === 'PRODUCTION' && s.googlePay.merchantId === '')
    problems.push(
      'GOOGLE_PAY_ENVIRONMENT is PRODUCTION without GOOGLE_PAY_MERCHANT_ID, which Google requires there: set the merchant id from the Google Pay Business Console',
    )
  const exposure = s.mail.kind === 'smtp' ? smtpCredentialsExposure(s.mail.url) : undefined
  if (exposure)
    problems.push(
      `SMTP_URL carries a user name and password, and ${exposure}: use smtps:// (TLS from the start, usually port 465), or smtp:// on port 587 without ignoreTLS, requireTLS=false or tls.rejectUnauthorized=false (STARTTLS is then required); a relay without credentials, or on this machine's loopback, may stay plain smtp://`,
    )
  if (s.mail.kind === 'sandbox' && !s.sandboxes)
    problems.push(
      `SMTP_URL is not set, so mails (password reset links among them) would stay in the sandbox mailbox at /sandbox/mail, where anyone can read them: set SMTP_URL and MAIL_FROM, ${staging}`,
    )
  // Stamped on every order and payment row (their partner column) and shown in the customer's payment records.
  const demoPartner = [
    ...(String(s.partner.id) === String(sandboxPartner.id) ? [`PARTNER_ID (${sandboxPartner.id})`] : []),
    ...(s.partner.agent_email === sandboxPartner.agent_email ? [`PARTNER_AGENT_EMAIL (${sandboxPartner.agent_email})`] : []),
  ]
  if (demoPartner.length > 0 && !s.sandboxes)
    problems.push(
      `${demoPartner.join(' and ')} ${demoPartner.length > 1 ? 'are' : 'is'} the demo's, which the server stamps on every order and payment it records (their partner column, shown in each customer's payment records): set the partner id and agent address your sales records book this shop's orders to (docs/operations.md), ${staging}`,
    )
  if (s.supportEmail === '') problems.push('SUPPORT_EMAIL is not set, so Contact Us messages would reach nobody: set the address your support team reads')
  const sellerUnset = [
    ['SELLER_NAME', s.seller.name],
    ['SELLER_ADDRESS', s.seller.address],
    ['SELLER_VAT_NUMBER', s.seller.vatNumber],
  ].flatMap(([name, value]) => (value ? [] : [name]))
  if (sellerUnset.length > 0) problems.push(`${sellerUnset.join(', ')} not set, so tax invoices would not name the seller as the law requires: set them`)
  const demoBrand = demoBrandVariables(s.brand, s.mail.from)
  if (demoBrand.length > 0)
    problems.push(
      `${demoBrand.join(', ')} ${demoBrand.length > 1 ? 'are' : 'is'} not set or still the demo's, so customers and mails would see the demo shop's name and icon: set your own brand (docs/brand.md)`,
    )
  if (s.apiKey === sandboxApiKey) problems.push(`API_KEY is the public sandbox key (${sandboxApiKey}): set your own (the server hands it to the page)`)
  // A staging server of test customers (SANDBOX=true) may keep the public key; real customers' ID numbers may not.
  if ((s.idNumberKey === '' || s.idNumberKey.toLowerCase() === demoIdNumberKey) && !s.sandboxes)
    problems.push(
      `ID_NUMBER_KEY is ${s.idNumberKey === '' ? 'not set' : "the demo's public key"}, so anyone could read the ID and passport numbers sealed with it: set your own 64 hex digits (openssl rand -hex 32) and keep it safe, ${staging}`,
    )
  problems.push(...pushProblems(s.push, s.sandboxes))
  if (s.cookieSecure === false)
    problems.push('COOKIE_SECURE is false, so the session cookie would also be sent over plain http: leave it unset (auto) or set it to true')
  // A staging server of test customers (SANDBOX=true) may hash cheaply; real customers' hashes may not be.
  if (s.scryptN < defaultScryptN && !s.sandboxes)
    problems.push(
      `SCRYPT_N (${s.scryptN}) is below the default ${defaultScryptN}, so stolen password hashes would be cheap to guess: leave it unset, ${staging}`,
    )
  if (s.seed) problems.push('SEED is true (the default), which creates the demo customer with a public password: set SEED=false')
  if (!s.client) problems.push('there is no client build in dist/client: run npm run build')
  else if (s.client.lab) problems.push('the client was built with the machine lab (/lab): build it with VITE_LAB=false')
  if (s.publicUrl === '') problems.push('PUBLIC_URL is not set: set the https origin customers use, such as https://shop.example.co.za')
  else if (!s.publicUrl.startsWith('https://')) problems.push(`PUBLIC_URL (${s.publicUrl}) is not https: set the https origin customers use`)
  if (s.metrics && !loopback.has(s.metrics.host) && s.metrics.token.length < 32)
    problems.push(
      `METRICS_HOST (${s.metrics.host}) is not loopback and METRICS_TOKEN is ${s.metrics.token ? 'shorter than 32 characters' : 'not set'}, so anyone who reaches the port would read the metrics: set a METRICS_TOKEN of 32 characters or more, or leave METRICS_HOST unset (127.0.0.1)`,
    )
  return problems
}

/**
 * Why the legal pages are not ready for customers: the folder (LEGAL_DIR, else the shipped templates) named once, then
 * one sentence per file naming each placeholder still to fill in, or the file missing. None when every page is written.
 */
export function legalProblems(legalDir: string): string[] {
  const dir = legalDir || shippedTemplatesDir
  const unfinished = unfinishedLegalTexts(readLegalFolder(dir))
  if (unfinished.length === 0) return []
  const count = unfinished.reduce((n, f) => n + f.placeholders.length, 0)
  const missing = unfinished.filter((f) => f.missing).length
  const parts = [
    count > 0 ? `${count} ${count === 1 ? 'placeholder is' : 'placeholders are'} unfilled` : '',
    missing > 0 ? `${missing} ${missing === 1 ? 'legal page is' : 'legal pages are'} missing` : '',
  ].filter(Boolean)
  return [
    `LEGAL_DIR ${legalDir ? `(${legalDir})` : 'is not set (the shipped templates)'}: ${parts.join(' and ')}, and customers must see the seller's details, the privacy notice, the terms of sale and the PAIA manual the law requires: copy legal/templates to a folder of your own, fill in every {{fill in: …}} in English, isiXhosa and Afrikaans, and set LEGAL_DIR to it (docs/legal-pages.md)`,
    ...unfinished.map((f) =>
      f.missing
        ? `${join(dir, f.file)} is missing: write it (start from legal/templates/${f.file})`
        : `${join(dir, f.file)} has unfilled placeholders: ${f.placeholders.map((name) => `{{fill in: ${name}}}`).join(', ')}`,
    ),
  ]
}

const loopback = new Set(['127.0.0.1', '::1', 'localhost'])

/** What the settings leave to a sandbox, one phrase each: what SANDBOX=true lets production simulate. */
export function simulatedBySandboxes(s: Pick<Config, 'network' | 'payments' | 'googlePay' | 'social' | 'socialProviders' | 'mail'>): string[] {
  const sandboxed = sandboxedProviders(s.social, s.socialProviders).map((p) => p.toUpperCase())
  return [
    ...(s.network.kind === 'sandbox' ? ['the network (SIM activation, mobile numbers, balances and usage: /sandbox/network)'] : []),
    ...(s.payments.kind === 'sandbox' ? ['card payments (/sandbox/payments)'] : []),
    ...(s.googlePay?.environment === 'SANDBOX' ? ['Google Pay (the in-page stand-in)'] : []),
    ...(sandboxed.length > 0 ? [`${sandboxed.join(', ')} sign-in (the sandbox identity issuer)`] : []),
    ...(s.mail.kind === 'sandbox' ? ['mail (the sandbox mailbox at /sandbox/mail)'] : []),
  ]
}

const providerUrlFields = { ISSUER: 'issuer', AUTHORIZATION_URL: 'authorizationUrl', TOKEN_URL: 'tokenUrl', USERINFO_URL: 'userinfoUrl' } as const

/** Every configured identity provider URL that is not https, by its variable's name. */
function plainHttpProviderUrls(social: SocialProviderSettings): Array<[string, string]> {
  return Object.entries(social).flatMap(([provider, settings]) =>
    Object.entries(providerUrlFields).flatMap(([field, key]) => {
      const url = settings?.[key] ?? ''
      return url !== '' && !url.startsWith('https://') ? [[`${provider.toUpperCase()}_${field}`, url] as [string, string]] : []
    }),
  )
}

/** The client build in dir as production judges it: whether its manifest names any module of the lab. */
export function readClientBuild(dir: string): DeploymentSettings['client'] {
  const manifest = join(dir, '.vite', 'manifest.json')
  if (!existsSync(manifest)) return undefined
  const chunks = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { src?: string }>
  return { lab: Object.entries(chunks).some(([key, chunk]) => `${chunk.src ?? key}`.startsWith('src/devtools/lab/')) }
}
