import { describe, expect, it } from 'vitest'
import { paymentRequest, paymentsEnvironment } from '../../src/features/payment/googlePay/request.ts'

const options = { merchantId: '', merchantName: 'Seed Storefront', gatewayMerchantId: 'sandbox' }

describe('Google Pay payment request', () => {
  it("runs Google's client in the deployment's environment, the sandbox standing in for TEST", () => {
    expect(paymentsEnvironment({ environment: 'PRODUCTION' })).toBe('PRODUCTION')
    expect(paymentsEnvironment({ environment: 'TEST' })).toBe('TEST')
    expect(paymentsEnvironment({ environment: 'SANDBOX' })).toBe('TEST')
  })

  it('names the Google merchant id, which PRODUCTION requires, in merchantInfo', () => {
    const request = paymentRequest(299, { merchantId: 'BCR2DN4T7X4QWXYZ', merchantName: 'Seed Storefront', gatewayMerchantId: 'peach-8ac7' })
    expect(request.merchantInfo).toEqual({ merchantId: 'BCR2DN4T7X4QWXYZ', merchantName: 'Seed Storefront' })
    expect(request.allowedPaymentMethods[0]?.tokenizationSpecification?.parameters).toEqual({ gateway: 'peachpayments', gatewayMerchantId: 'peach-8ac7' })
  })

  it('sends no merchant id when none is set (TEST takes none)', () => {
    expect(paymentRequest(299, options).merchantInfo).toEqual({ merchantName: 'Seed Storefront' })
  })

  it('asks for a Mastercard or Visa card, PAN or 3DS cryptogram, tokenised for Peach Payments', () => {
    expect(paymentRequest(299, { ...options, gatewayMerchantId: 'merchant-42' })).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['MASTERCARD', 'VISA'] },
          tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'peachpayments', gatewayMerchantId: 'merchant-42' } },
        },
      ],
      merchantInfo: { merchantName: 'Seed Storefront' },
      transactionInfo: { totalPriceStatus: 'FINAL', totalPriceLabel: 'Total', totalPrice: '299.00', currencyCode: 'ZAR', countryCode: 'ZA' },
      shippingAddressRequired: true,
      shippingAddressParameters: { allowedCountryCodes: ['ZA'], phoneNumberRequired: false },
    })
  })

  it('writes the rand total with two decimals', () => {
    expect(paymentRequest(99.5, options).transactionInfo?.totalPrice).toBe('99.50')
    expect(paymentRequest(1299, options).transactionInfo?.totalPrice).toBe('1299.00')
    expect(paymentRequest(0.1 + 0.2, options).transactionInfo?.totalPrice).toBe('0.30')
  })

  it('uses the merchant name it is given', () => {
    expect(paymentRequest(10, { ...options, merchantName: 'Other Shop' }).merchantInfo.merchantName).toBe('Other Shop')
  })
})
