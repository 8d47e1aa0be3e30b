import * as v from 'valibot'
import {
  CheckoutSchema,
  PAYMENT_STATUS_HEADERS,
  PaymentStatusSchema,
  WalletPaymentAnswerSchema,
  walletAmount,
  type Checkout,
  type PaymentStatus,
  type WalletPaymentAnswer,
  type WalletPaymentData,
} from '../domain/payment.ts'
import { api, refusalOf, toApiError } from './client.ts'

/** POST /v2/billing/partner/checkout/{user_id}: the server creates the card checkout (amount from its own order). */
export async function createCheckout(userId: number, orderId: number): Promise<Checkout> {
  try {
    return v.parse(CheckoutSchema, await api(`/v2/billing/partner/checkout/${userId}`, { method: 'POST', body: { payment: { orderId } } }))
  } catch (e) {
    throw toApiError(e)
  }
}

/** The answer of a status call whose HTTP status is the outcome; 205 (pending) carries it in headers. */
function readStatus(status: number, headers: Headers, body: unknown, checkoutId: string): PaymentStatus {
  if (status === 205) {
    const header = (name: string) => headers.get(name) ?? ''
    return v.parse(PaymentStatusSchema, {
      status: 205,
      result: { code: header(PAYMENT_STATUS_HEADERS.code), description: decodeURIComponent(header(PAYMENT_STATUS_HEADERS.description)) },
      order_id: Number(header(PAYMENT_STATUS_HEADERS.orderId)),
      order_number: header(PAYMENT_STATUS_HEADERS.orderNumber),
      checkoutId,
    })
  }
  return v.parse(PaymentStatusSchema, body)
}

/** GET /v2/billing/partner/checkout/{user_id}/{checkoutId}/payment: 200 successful, 205 pending, 400 failed. */
export async function fetchPaymentStatus(userId: number, checkoutId: string): Promise<PaymentStatus> {
  try {
    const response = await api.raw(`/v2/billing/partner/checkout/${userId}/${encodeURIComponent(checkoutId)}/payment`, { method: 'GET' })
    return readStatus(response.status, response.headers, response._data, checkoutId)
  } catch (e) {
    // A failed payment is an answer too: 400 with its result.
    const failure = refusalOf(e, PaymentStatusSchema)
    if (failure.kind === 'refused' && failure.status === 400 && failure.body !== null) return failure.body
    throw toApiError(e)
  }
}

/**
 * POST /v8/partner/billing/payment/ with Google Pay's answer (amount with ten decimals, type cash). The key
 * makes a retried request pay once; 200 paid and 400 declined both come back as the answer.
 */
export async function payWithWallet(
  userId: number,
  request: { orderId: number; total: number; paymentData: WalletPaymentData; key: string },
): Promise<WalletPaymentAnswer> {
  try {
    const response = await api.raw('/v8/partner/billing/payment/', {
      method: 'POST',
      headers: { 'Idempotency-Key': request.key },
      body: {
        payment: { amount: walletAmount(request.total), orderId: request.orderId, type: 'cash' },
        user_id: userId,
        paymentData: request.paymentData,
      },
      timeout: 30_000,
    })
    return v.parse(WalletPaymentAnswerSchema, response._data)
  } catch (e) {
    // A declined payment is an answer too: 400 with its result.
    const failure = refusalOf(e, WalletPaymentAnswerSchema)
    if (failure.kind === 'refused' && failure.body !== null) return failure.body
    throw toApiError(e)
  }
}
