/// <reference types="googlepay" />

/** The one card in the sandbox's wallet, and the shopper details its sheet shows and answers with. */
export const CARD = { network: 'VISA', last4: '1111', description: 'Visa •••• 1111' } as const
export const EMAIL = 'tester@example.co.za'
export const SHIPPING: google.payments.api.Address = {
  name: 'Sandbox Tester',
  address1: '1 Long Street',
  locality: 'Cape Town',
  administrativeArea: 'Western Cape',
  postalCode: '8001',
  countryCode: 'ZA',
}

/** The card token the server's provider sandbox accepts: Google's ECv2 envelope around a readable sandbox card. */
export const sandboxToken = (outcome: 'approve' | 'decline' = 'approve') =>
  JSON.stringify({
    protocolVersion: 'ECv2',
    signature: 'sandbox',
    signedMessage: JSON.stringify({
      sandbox: true,
      cardNetwork: CARD.network,
      last4: CARD.last4,
      expiryMonth: '12',
      expiryYear: '2030',
      holder: 'Sandbox Tester',
      outcome,
    }),
  })

/** The sandbox card as Google's PaymentData carries it, with `token` as its tokenization data. */
export const sandboxCardMethod = (token: string): google.payments.api.PaymentMethodData => ({
  type: 'CARD',
  description: CARD.description,
  info: { cardNetwork: CARD.network, cardDetails: CARD.last4 },
  tokenizationData: { type: 'PAYMENT_GATEWAY', token },
})

/** Google's PaymentData for the sandbox card, shaped by what the request asked for. */
export function paymentData(request: google.payments.api.PaymentDataRequest): google.payments.api.PaymentData {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    email: EMAIL,
    paymentMethodData: sandboxCardMethod(sandboxToken()),
    ...(request.shippingAddressRequired ? { shippingAddress: { ...SHIPPING } } : {}),
  }
}

/** "R299.00" for rand, the locale's currency format otherwise. */
export function formatTotal(info: google.payments.api.TransactionInfo): string {
  const amount = Number(info.totalPrice ?? 0)
  if (info.currencyCode === 'ZAR') return `R${amount.toFixed(2)}`
  return new Intl.NumberFormat('en', { style: 'currency', currency: info.currencyCode }).format(amount)
}
