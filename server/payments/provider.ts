import * as v from 'valibot'
import { ResultSchema } from '../../src/domain/payment.ts'
import { toStorableText } from '../../src/domain/storable.ts'
import { outgoingTraceHeaders } from '../http/requestTrace.ts'
import { timeProviderCall } from '../metrics.ts'

/**
 * The card provider port, spoken in the OPPWA / Peach Payments COPYandPAY protocol: the same client talks to
 * the real provider (its base URL, entity and token from configuration) or to the sandbox this server runs.
 * Every call carries the credentials, so every call is server to server.
 */

/** A payment as the provider reports it (GET /v1/checkouts/{id}/payment, POST /v1/payments, GET /v1/query, webhooks). */
export const ProviderPaymentSchema = v.object({
  id: v.optional(v.string()),
  paymentType: v.optional(v.string()),
  paymentBrand: v.optional(v.string(), ''),
  amount: v.optional(v.string()),
  currency: v.optional(v.string()),
  merchantTransactionId: v.optional(v.string()),
  result: ResultSchema,
  /** For a payment made on a checkout, the checkout's id. */
  ndc: v.optional(v.string()),
  /** For a refund (paymentType RF), the payment it gives money back from. */
  referencedId: v.optional(v.string()),
  card: v.optional(
    v.object({
      bin: v.optional(v.string(), ''),
      last4Digits: v.optional(v.string(), ''),
      holder: v.optional(v.string(), ''),
      expiryMonth: v.optional(v.string(), ''),
      expiryYear: v.optional(v.string(), ''),
    }),
  ),
})
export type ProviderPayment = v.InferOutput<typeof ProviderPaymentSchema>

const CheckoutAnswerSchema = v.object({ id: v.string(), result: ResultSchema })

/** The transaction report (GET /v1/query?merchantTransactionId=…): every payment made with that reference. */
const QueryAnswerSchema = v.object({ result: ResultSchema, payments: v.optional(v.array(v.unknown()), []) })

/** What the provider answers a query that matched nothing. */
export const noTransactionFound = '700.400.580'

/** The provider could not be reached, or answered something that is not its protocol. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable'
}

/** The provider refused a request (bad parameters, credentials); its result says why. */
export class ProviderRefused extends Error {
  override name = 'ProviderRefused'
  constructor(
    readonly status: number,
    readonly result: v.InferOutput<typeof ResultSchema>,
  ) {
    super(`${result.code} ${result.description}`)
  }
}

export interface NewCheckout {
  /** Two decimals. */
  amount: string
  currency: string
  /** The order number. */
  merchantTransactionId: string
  customer: { givenName: string; surname: string; email: string }
}

export interface WalletCharge {
  amount: string
  currency: string
  merchantTransactionId: string
  /** Google Pay's tokenizationData.token, passed through untouched. */
  token: string
}

/** A refund against one payment (POST /v1/payments/{id} with paymentType RF): part of it or all. */
export interface NewRefund {
  /** Two decimals. */
  amount: string
  currency: string
  /** The refund's own reference, unique per refund: the provider's report finds it by this, and a repeat is not a second refund. */
  merchantTransactionId: string
}

export interface CardProvider {
  createCheckout(checkout: NewCheckout): Promise<{ id: string }>
  /** The payment made on a checkout; an unpaid checkout reports a pending result. Null for an unknown checkout. */
  checkoutPayment(checkoutId: string): Promise<ProviderPayment | null>
  /** A one-step debit with a Google Pay token. */
  chargeWallet(charge: WalletCharge): Promise<ProviderPayment>
  /** Gives money back from a payment: the refund's transaction, whose result says whether it was made (a refusal is a failed result). */
  refund(paymentId: string, refund: NewRefund): Promise<ProviderPayment>
  /**
   * Every transaction made with this merchantTransactionId (a payment's order number, a refund's own reference),
   * whatever its result; none is an empty list.
   */
  paymentsOf(merchantTransactionId: string): Promise<ProviderPayment[]>
  /** The widget script the shopper's browser loads for a checkout. */
  widgetScriptUrl(checkoutId: string): string
}

export interface ProviderSettings {
  /** Where this server reaches the provider, e.g. https://eu-test.oppwa.com. */
  baseUrl: string
  /** Where browsers load the widget from; the same host for the real provider. */
  widgetBase: string
  entityId: string
  accessToken: string
  /** The transport: global fetch for the real provider, the sandbox app's own fetch in-process. */
  fetch?: (request: Request) => Promise<Response>
  timeoutMs?: number
}

// The provider's texts end in our tables once it has taken the money, so what PostgreSQL refuses is replaced, not refused.
const keepable = (_key: string, value: unknown) => (typeof value === 'string' ? toStorableText(value) : value)

export function oppwaProvider(settings: ProviderSettings): CardProvider {
  const send = settings.fetch ?? ((request: Request) => fetch(request))
  const timeoutMs = settings.timeoutMs ?? 15_000

  async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<{ status: number; body: unknown }> {
    const url = new URL(`${settings.baseUrl}${path}`)
    if (method === 'GET') {
      url.searchParams.set('entityId', settings.entityId)
      for (const [name, value] of Object.entries(form ?? {})) url.searchParams.set(name, value)
    }
    const request = new Request(url, {
      method,
      // The customer's request this call is made for, so the provider's records and ours can be matched.
      headers: { Authorization: `Bearer ${settings.accessToken}`, Accept: 'application/json', ...outgoingTraceHeaders() },
      signal: AbortSignal.timeout(timeoutMs),
      ...(form && method === 'POST' ? { body: new URLSearchParams({ entityId: settings.entityId, ...form }) } : {}),
    })
    let response: Response
    try {
      response = await send(request)
    } catch (error) {
      throw new ProviderUnavailable(`payment provider unreachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    const text = await response.text()
    try {
      return { status: response.status, body: JSON.parse(text, keepable) }
    } catch {
      throw new ProviderUnavailable(`payment provider answered ${response.status} without JSON`)
    }
  }

  function payment(status: number, body: unknown): ProviderPayment {
    const parsed = v.safeParse(ProviderPaymentSchema, body)
    if (!parsed.success) throw new ProviderUnavailable(`payment provider answered ${status} in an unknown shape`)
    return parsed.output
  }

  function refusal(status: number, body: unknown): ProviderRefused | ProviderUnavailable {
    const parsed = v.safeParse(v.object({ result: ResultSchema }), body)
    return parsed.success ? new ProviderRefused(status, parsed.output.result) : new ProviderUnavailable(`payment provider answered ${status}`)
  }

  // Timed by operation and outcome: a declined payment is an answer (ok); refused and unavailable are the provider's errors.
  const timed =
    <A extends unknown[], R>(operation: string, work: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      timeProviderCall(
        { provider: 'card', operation },
        (error) => (error instanceof ProviderRefused ? 'refused' : 'unavailable'),
        () => work(...args),
      )

  return {
    createCheckout: timed('create_checkout', async (checkout: NewCheckout) => {
      const { status, body } = await call('POST', '/v1/checkouts', {
        amount: checkout.amount,
        currency: checkout.currency,
        paymentType: 'DB',
        merchantTransactionId: checkout.merchantTransactionId,
        'customer.givenName': checkout.customer.givenName,
        'customer.surname': checkout.customer.surname,
        'customer.email': checkout.customer.email,
      })
      const parsed = v.safeParse(CheckoutAnswerSchema, body)
      if (status !== 200 || !parsed.success) throw refusal(status, body)
      return { id: parsed.output.id }
    }),
    checkoutPayment: timed('checkout_payment', async (checkoutId: string) => {
      const { status, body } = await call('GET', `/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`)
      if (status === 404) return null
      // A rejected payment is answered 400 with the payment and its result, so both statuses carry a payment.
      if (status !== 200 && status !== 400) throw refusal(status, body)
      return payment(status, body)
    }),
    chargeWallet: timed('charge_wallet', async (charge: WalletCharge) => {
      const { status, body } = await call('POST', '/v1/payments', {
        amount: charge.amount,
        currency: charge.currency,
        paymentType: 'DB',
        paymentBrand: 'GOOGLEPAY',
        merchantTransactionId: charge.merchantTransactionId,
        'googlePay.paymentToken': charge.token,
      })
      if (status !== 200 && status !== 400) throw refusal(status, body)
      return payment(status, body)
    }),
    refund: timed('refund', async (paymentId: string, refund: NewRefund) => {
      const { status, body } = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}`, {
        amount: refund.amount,
        currency: refund.currency,
        paymentType: 'RF',
        merchantTransactionId: refund.merchantTransactionId,
      })
      // As for a payment: a refund the provider declines (more than remains, an unknown payment) is answered 400 with its result.
      if (status !== 200 && status !== 400) throw refusal(status, body)
      return payment(status, body)
    }),
    paymentsOf: timed('query', async (merchantTransactionId: string) => {
      const { status, body } = await call('GET', '/v1/query', { merchantTransactionId })
      const parsed = v.safeParse(QueryAnswerSchema, body)
      if (parsed.success && parsed.output.result.code === noTransactionFound) return []
      if (status !== 200 || !parsed.success) throw refusal(status, body)
      return parsed.output.payments.map((each) => payment(status, each))
    }),
    widgetScriptUrl(checkoutId) {
      return `${settings.widgetBase}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`
    },
  }
}
