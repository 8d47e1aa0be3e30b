/// <reference types="googlepay" />

export const CANCELED: google.payments.api.PaymentsError = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' }

/** What Google's client throws at a developer mistake; its messages stay English, as Google's do. */
export const developerError = (statusMessage: string): google.payments.api.PaymentsError => ({ statusCode: 'DEVELOPER_ERROR', statusMessage })

/** What Google checks before anything else: a version and at least one payment method. */
export function requestProblem(request: Partial<google.payments.api.IsReadyToPayRequest> | undefined): string | null {
  if (!request || typeof request !== 'object') return 'Request is missing.'
  if (request.apiVersion !== 2) return 'Unsupported or missing apiVersion: expected 2.'
  if (typeof request.apiVersionMinor !== 'number') return 'Missing apiVersionMinor.'
  if (!Array.isArray(request.allowedPaymentMethods) || request.allowedPaymentMethods.length === 0) return 'Missing allowedPaymentMethods.'
  if (!request.allowedPaymentMethods.some((method) => method.type === 'CARD')) return 'The sandbox only offers the CARD payment method.'
  return null
}

export function paymentDataProblem(request: Partial<google.payments.api.PaymentDataRequest> | undefined): string | null {
  const problem = requestProblem(request)
  if (problem || !request) return problem
  const info = request.transactionInfo
  if (!info) return 'Missing transactionInfo.'
  if (!info.currencyCode) return 'Missing transactionInfo.currencyCode.'
  if (info.totalPriceStatus === 'FINAL' && !/^\d+(\.\d{1,2})?$/.test(info.totalPrice ?? ''))
    return 'transactionInfo.totalPrice must be a price such as "299.00" when totalPriceStatus is FINAL.'
  return null
}
