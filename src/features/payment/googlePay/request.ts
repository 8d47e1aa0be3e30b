/// <reference types="googlepay" />
import type { GooglePaySettings } from '../../../domain/clientSettings.ts'

/** The environment Google's client runs in: the sandbox stands in for TEST, where nothing is charged. */
export const paymentsEnvironment = (settings: Pick<GooglePaySettings, 'environment'>): google.payments.api.Environment =>
  settings.environment === 'PRODUCTION' ? 'PRODUCTION' : 'TEST'

/** The card payment method Google Pay may offer: Mastercard and Visa, PAN or device token, tokenised for Peach Payments. */
function cardMethod(gatewayMerchantId: string): google.payments.api.PaymentMethodSpecification {
  return {
    type: 'CARD',
    parameters: {
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['MASTERCARD', 'VISA'],
    },
    tokenizationSpecification: {
      type: 'PAYMENT_GATEWAY',
      parameters: { gateway: 'peachpayments', gatewayMerchantId },
    },
  }
}

/** Google Pay's PaymentDataRequest for a rand total: final price in ZAR, South African shipping address required. */
export function paymentRequest(
  amountRand: number,
  options: Pick<GooglePaySettings, 'merchantId' | 'merchantName' | 'gatewayMerchantId'>,
): google.payments.api.PaymentDataRequest {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [cardMethod(options.gatewayMerchantId)],
    // Google requires merchantId in PRODUCTION and takes none in TEST; @types/googlepay marks it required all the same.
    merchantInfo: (options.merchantId
      ? { merchantId: options.merchantId, merchantName: options.merchantName }
      : { merchantName: options.merchantName }) as google.payments.api.MerchantInfo,
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPriceLabel: 'Total',
      totalPrice: amountRand.toFixed(2),
      currencyCode: 'ZAR',
      countryCode: 'ZA',
    },
    shippingAddressRequired: true,
    shippingAddressParameters: { allowedCountryCodes: ['ZA'], phoneNumberRequired: false },
  }
}
