import type { GooglePaySettings } from '../../src/domain/clientSettings.ts'

/** The card provider's server-side settings; `sandbox` uses the provider sandbox this server runs itself. */
export type PaymentSettings = { kind: 'sandbox' } | { kind: 'provider'; baseUrl: string; entityId: string; accessToken: string }

export function readPayments(e: { PAYMENT_BASE_URL: string; PAYMENT_ENTITY_ID: string; PAYMENT_ACCESS_TOKEN: string }): PaymentSettings {
  const anySet = e.PAYMENT_BASE_URL !== '' || e.PAYMENT_ENTITY_ID !== '' || e.PAYMENT_ACCESS_TOKEN !== ''
  if (!anySet) return { kind: 'sandbox' }
  if (e.PAYMENT_BASE_URL === '' || e.PAYMENT_ENTITY_ID === '' || e.PAYMENT_ACCESS_TOKEN === '')
    throw new Error('Invalid environment: PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are all required for a real payment provider')
  return { kind: 'provider', baseUrl: e.PAYMENT_BASE_URL, entityId: e.PAYMENT_ENTITY_ID, accessToken: e.PAYMENT_ACCESS_TOKEN }
}

/** The wallet button the page shows, or null for none; unset, the sandbox card provider brings the sandbox wallet. */
export function readGooglePay(
  e: { GOOGLE_PAY_ENVIRONMENT: string; GOOGLE_PAY_MERCHANT_ID: string; GOOGLE_PAY_MERCHANT_NAME: string; GOOGLE_PAY_GATEWAY_MERCHANT_ID: string },
  payments: PaymentSettings,
): GooglePaySettings | null {
  const environment = e.GOOGLE_PAY_ENVIRONMENT || (payments.kind === 'sandbox' ? 'SANDBOX' : 'OFF')
  if (environment === 'OFF') return null
  if (environment !== 'SANDBOX' && environment !== 'TEST' && environment !== 'PRODUCTION')
    throw new Error(`Invalid environment: GOOGLE_PAY_ENVIRONMENT ${environment}`)
  if (environment !== 'SANDBOX' && e.GOOGLE_PAY_GATEWAY_MERCHANT_ID === '')
    throw new Error(
      `Invalid environment: GOOGLE_PAY_GATEWAY_MERCHANT_ID is required with GOOGLE_PAY_ENVIRONMENT=${environment} (Peach Payments' id for Google Pay tokens)`,
    )
  return {
    environment,
    merchantId: e.GOOGLE_PAY_MERCHANT_ID,
    merchantName: e.GOOGLE_PAY_MERCHANT_NAME,
    gatewayMerchantId: e.GOOGLE_PAY_GATEWAY_MERCHANT_ID || 'sandbox',
  }
}
