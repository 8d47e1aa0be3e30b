/// <reference types="googlepay" />

/** The wallet button runs against Google's TEST environment. */
export const GOOGLE_PAY_ENVIRONMENT = 'TEST' satisfies google.payments.api.Environment

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
export function paymentRequest(amountRand: number, options: { merchantName: string; gatewayMerchantId: string }): google.payments.api.PaymentDataRequest {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [cardMethod(options.gatewayMerchantId)],
    // Google wants merchantId only in PRODUCTION; @types/googlepay marks it required all the same.
    merchantInfo: { merchantName: options.merchantName } as google.payments.api.MerchantInfo,
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
