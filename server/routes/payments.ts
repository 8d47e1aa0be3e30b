import type { NetworkSource } from '../../src/domain/service.ts'
import { Hono } from 'hono'
import type { Context } from 'hono'
import * as v from 'valibot'
import {
  CheckoutIdSchema,
  CheckoutSchema,
  CreateCheckoutRequestSchema,
  PAYMENT_STATUS_HEADERS,
  PaymentStatusSchema,
  WalletPaymentAnswerSchema,
  WalletPaymentRequestSchema,
} from '../../src/domain/payment.ts'
import type { PaymentStatus } from '../../src/domain/payment.ts'
import { financeNotice } from '../payments/financeNotice.ts'
import { sandboxPartner } from '../orders/partner.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal, ValidationError } from '../http/openApi.ts'
import { requestLog } from '../http/requestContext.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { readJson } from '../http/jsonBody.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { Config } from '../config.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { validationError } from '../http/validationError.ts'
import { requestHash, sendOutcome } from '../http/idempotency.ts'
import { cardPaymentStatus, createCardCheckout } from '../payments/cardPayments.ts'
import { ProviderRefused, ProviderUnavailable } from '../payments/provider.ts'
import { listPayments } from '../payments/recordPayment.ts'
import type { CardProvider } from '../payments/provider.ts'
import { payWithWalletOnce, providerDown } from '../payments/walletPayments.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { isOwn } from '../http/idParam.ts'

export const paymentForSomeoneElse = serverMessages.paymentForSomeoneElse
export const othersPayments = serverMessages.othersPayments

/** The provider's trouble is ours to log and the customer's to retry: 502, never a stack trace. */
function providerFailure(c: Context, error: unknown): Response {
  if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error
  requestLog(c).warn({ err: error }, 'card provider failed')
  return jsonError(c, 502, providerDown)
}

/** 200 and 400 carry the status as JSON; 205 may carry no body (HTTP), so its result travels in headers. */
function statusAnswer(c: Context, status: PaymentStatus): Response {
  if (status.status !== 205) return c.json(status, status.status)
  return new Response(null, {
    status: 205,
    headers: {
      [PAYMENT_STATUS_HEADERS.code]: status.result.code,
      [PAYMENT_STATUS_HEADERS.description]: encodeURIComponent(status.result.description),
      [PAYMENT_STATUS_HEADERS.orderId]: String(status.order_id),
      [PAYMENT_STATUS_HEADERS.orderNumber]: status.order_number,
      'Cache-Control': 'no-store',
    },
  })
}

const providerDownAnswer = refusal('The card provider did not answer or refused; try again')

const described = {
  checkout: describeApi({
    summary: "Open a card checkout with the provider for one of the customer's unpaid orders",
    tags: ['payments'],
    signedIn: true,
    body: CreateCheckoutRequestSchema,
    responses: {
      200: answer('The checkout the payment widget opens', CheckoutSchema),
      403: refusal('The path or the order names another customer'),
      404: refusal('No such order'),
      409: refusal('The order is already paid'),
      502: providerDownAnswer,
    },
  }),
  status: describeApi({
    summary: 'The payment status of a card checkout (recorded once when successful)',
    tags: ['payments'],
    signedIn: true,
    responses: {
      200: answer(
        'Succeeded at the provider; `recorded` says what it did: paid the order, or paid nothing and is owed back (paid twice, or on a replaced checkout)',
        PaymentStatusSchema,
      ),
      205: { description: `Pending: no body; the result in the ${Object.values(PAYMENT_STATUS_HEADERS).join(', ')} headers` },
      400: answer('Declined (the status object), or a checkout id that is not one', v.union([PaymentStatusSchema, ValidationError])),
      403: refusal("Another customer's checkout"),
      404: refusal('No such checkout'),
      502: providerDownAnswer,
    },
  }),
  payments: describeApi({
    summary: "The customer's payment records",
    tags: ['payments'],
    signedIn: true,
    responses: { 200: answer('{ payments: [...] }, newest first'), 403: refusal('The path names another customer') },
  }),
  wallet: describeApi({
    summary: 'Pay an order with a Google Pay token, exactly once per Idempotency-Key',
    tags: ['payments'],
    signedIn: true,
    idempotent: true,
    body: WalletPaymentRequestSchema,
    responses: {
      200: answer(
        'Succeeded at the provider; `recorded` says what it did: paid the order, or paid nothing and is owed back (the order was paid by another payment meanwhile)',
        WalletPaymentAnswerSchema,
      ),
      400: answer(
        'Declined by the provider (the answer object), a body the schema refuses, or a missing or malformed Idempotency-Key',
        v.union([WalletPaymentAnswerSchema, ValidationError]),
      ),
      403: refusal('The body or the order names another customer'),
      404: refusal('No such order'),
      409: refusal("The order is already paid, or this key's payment is still in flight"),
      422: refusal("The amount is not the order's total, or the key was used for another payment"),
      502: providerDownAnswer,
    },
  }),
}

/**
 * Card checkout (POST /v2/billing/partner/checkout/{user_id}), its payment status
 * (GET /v2/billing/partner/checkout/{user_id}/{checkoutId}/payment) and the wallet payment
 * (POST /v8/partner/billing/payment/) and the payment records (GET /v2/billing/partner/payments/{user_id}): only for the signed-in customer's own orders and checkouts.
 */
export function paymentRoutes(
  db: Db,
  settings: CookieSettings & Partial<Pick<Config, 'partner' | 'financeEmail' | 'publicUrl'>> & { provider: CardProvider; network: NetworkSource },
) {
  const partner = settings.partner ?? sandboxPartner
  const { provider, network } = settings
  const notice = financeNotice(settings)
  const signedIn = requireCustomer(db, settings)

  const pay = async (c: Context<CustomerEnv>) => {
    const customerId = c.get('customerId')
    const given = idempotencyKey(c)
    if ('refused' in given) return given.refused
    const read = readJson(c, WalletPaymentRequestSchema)
    if ('refused' in read) return read.refused
    const { payment, user_id, paymentData } = read.body
    if (!isOwn(user_id, customerId)) return jsonError(c, 403, paymentForSomeoneElse)
    const outcome = await payWithWalletOnce(db, provider, {
      customerId,
      key: given.key,
      hash: requestHash(read.sent),
      orderId: payment.orderId,
      amount: payment.amount,
      token: paymentData.paymentMethodData.tokenizationData.token,
      partner,
      network,
      log: requestLog(c),
      notice,
    })
    return sendOutcome(c, outcome)
  }

  return new Hono<CustomerEnv>()
    .post('/v2/billing/partner/checkout/:user_id', described.checkout, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, paymentForSomeoneElse)
      const read = readJson(c, CreateCheckoutRequestSchema)
      if ('refused' in read) return read.refused
      try {
        const created = await createCardCheckout(db, provider, partner, network, customerId, read.body.payment.orderId, requestLog(c), notice)
        return created.ok ? c.json(created.checkout) : jsonError(c, created.status, created.error)
      } catch (error) {
        return providerFailure(c, error)
      }
    })
    .get('/v2/billing/partner/checkout/:user_id/:checkout_id/payment', described.status, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, paymentForSomeoneElse)
      const checkoutId = v.safeParse(CheckoutIdSchema, c.req.param('checkout_id'))
      if (!checkoutId.success) return validationError(c, checkoutId.issues)
      try {
        const found = await cardPaymentStatus(db, provider, partner, network, customerId, checkoutId.output, requestLog(c), notice)
        return found.ok ? statusAnswer(c, found.status) : jsonError(c, found.status, found.error)
      } catch (error) {
        return providerFailure(c, error)
      }
    })
    .get('/v2/billing/partner/payments/:user_id', described.payments, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, othersPayments)
      return c.json({ payments: await listPayments(db, customerId) })
    })
    .post('/v8/partner/billing/payment/', described.wallet, signedIn, pay)
    .post('/v8/partner/billing/payment', described.wallet, signedIn, pay)
}
