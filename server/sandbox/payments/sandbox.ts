import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Db } from '../../db/types.ts'
import type { Logger } from '../../log.ts'
import { ivHeader, sealNotification, tagHeader } from '../../payments/notifications.ts'
import { envelope, failure, paymentObject, statusFor } from './answers.ts'
import { checkCard } from './cards.ts'
import type { ParameterError } from './cards.ts'
import { readGooglePayToken } from './googlePay.ts'
import { shopperI18n } from '../i18n.ts'
import { acceptedLanguage, hintedLanguage } from '../../i18n/requestLanguage.ts'
import { challengePage, expiredChallengePage, noDecisionPage } from './pages.ts'
import { RefundStore } from './refunds.ts'
import { CheckoutStore, newPaymentId, PaymentStore, resultAt } from './store.ts'
import type { Checkout, Customer, Outcome, Payment } from './store.ts'
import { otherCardResult, sandboxResults, testCardFor } from './testCards.ts'
import type { SandboxResult } from './testCards.ts'
import { widgetScript } from './widgetScript.ts'
import { widgetTextsByLanguage } from './widgetTexts.ts'

export const paymentSandboxPrefix = '/sandbox/payments'

export interface PaymentSandboxOptions {
  /** Where checkouts and refunds are kept, so every instance on this database serves every checkout. */
  db: Db
  entityId: string
  accessToken: string
  now?: () => number
  /** How long the pending test card stays pending; 15 s by default. */
  pendingMs?: number
  /** Where and how the sandbox notifies the merchant of each payment that ends, as the provider's webhooks do. */
  notifications?: SandboxNotifications
  /** Where the sandbox notes each server-to-server call with the request id and traceparent it arrived with. */
  log?: Logger
}

export interface SandboxNotifications {
  /** The merchant's webhook URL. */
  url: string
  /** The key the merchant was given for the webhook (32 bytes). */
  key: Buffer
  /** The transport: global fetch, or the merchant app's own fetch in-process. */
  send: (request: Request) => Promise<Response>
  /** A notification the merchant did not take (the real provider would retry it; the sandbox reports it). */
  onFailure: (error: unknown) => void
}

const checkoutIdShape = /^[A-Za-z0-9][A-Za-z0-9.-]{7,79}$/
const amountShape = /^\d{1,10}\.\d{2}$/
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const expiredMessage = 'This payment session has expired. Please start again.'
const usedMessage = 'This checkout was already used.'
const limit = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => c.json({ result: sandboxResults.invalidParameter }, 413) })

/**
 * The card provider's sandbox, speaking the OPPWA / Peach Payments COPYandPAY protocol: server-to-server calls
 * with the entity and bearer token, the widget script and 3-D Secure page for the shopper's browser. Routes are
 * relative to where it is mounted (paymentSandboxPrefix), and every URL it hands out is built from the request.
 */
export function paymentSandboxRoutes(options: PaymentSandboxOptions): Hono {
  const now = options.now ?? Date.now
  const pendingMs = options.pendingMs ?? 15_000
  const store = new CheckoutStore(options.db, now)
  const payments = new PaymentStore(options.db, now)
  const refunds = new RefundStore(options.db, now)
  const expectedAuth = digest(`Bearer ${options.accessToken}`)
  const app = new Hono()

  // What a real provider's support would ask for: which of the merchant's requests (and trace) a call belongs to.
  if (options.log) {
    const log = options.log
    app.use('/v1/*', async (c, next) => {
      const traceparent = c.req.header('traceparent')
      log.info(
        { method: c.req.method, receivedRequestId: c.req.header('X-Request-Id') ?? null, receivedTraceparent: traceparent ?? null },
        'payment sandbox received a call',
      )
      await next()
    })
  }

  /** The credentials check every server-to-server call gets: 401 for the token, 403 for the entity. */
  function refuse(c: Context, entityId: unknown): Response | undefined {
    if (!timingSafeEqual(digest(c.req.header('Authorization') ?? ''), expectedAuth))
      return noStore(c.json(failure(sandboxResults.invalidAuthentication, now()), 401))
    if (entityId !== options.entityId) return noStore(c.json(failure(sandboxResults.noRights, now()), 403))
    return undefined
  }

  /**
   * Tells the merchant a payment ended, encrypted as the provider's webhooks are. Sent after the answer, not awaited:
   * the merchant's answer to the shopper never waits for its own webhook.
   */
  function notify(payment: Record<string, unknown>): void {
    const target = options.notifications
    if (!target) return
    const sealed = sealNotification(target.key, { type: 'PAYMENT', payload: payment })
    const request = new Request(target.url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', [ivHeader]: sealed.iv, [tagHeader]: sealed.tag },
      body: sealed.body,
    })
    setImmediate(() => {
      target
        .send(request)
        .then(async (res) => {
          if (!res.ok) throw new Error(`the merchant's webhook answered ${res.status}`)
          await res.body?.cancel()
        })
        .catch(target.onFailure)
    })
  }

  app.post('/v1/checkouts', limit(16 * 1024), async (c) => {
    const form = await formOf(c)
    const refused = refuse(c, form.entityId)
    if (refused) return refused
    const { errors, field, amount, currency, merchantTransactionId } = paymentForm(form, 'DB', 'must be DB (debit), the only payment type of the sandbox')
    const givenName = field('customer.givenName', (v) => v.length <= 48, 'must be at most 48 characters', false)
    const surname = field('customer.surname', (v) => v.length <= 48, 'must be at most 48 characters', false)
    const email = field('customer.email', (v) => v.length <= 128 && emailShape.test(v), 'must be an email address', false)
    if (errors.length > 0) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { parameterErrors: errors }), 400))
    const customer: Customer = { ...(givenName ? { givenName } : {}), ...(surname ? { surname } : {}), ...(email ? { email } : {}) }
    const checkout = await store.add({ amount, currency, merchantTransactionId, customer })
    return noStore(c.json({ result: sandboxResults.checkoutCreated, ...envelope(now(), checkout.id), id: checkout.id }))
  })

  app.get('/v1/paymentWidgets.js', async (c) => {
    const id = c.req.query('checkoutId') ?? ''
    const checkout = await findCheckout(id)
    // A used checkout cannot take another payment, so the widget shows it as expired rather than a form.
    const usable = checkout && !checkout.payment ? checkout.id : null
    return c.body(await widgetScript({ checkoutId: usable, scriptPath: c.req.path, texts: await widgetTextsByLanguage() }), 200, {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })
  })

  app.post('/v1/checkouts/:id/payment', limit(16 * 1024), async (c) => {
    // The widget may run on another origin; it sends no credentials, so any origin may read the answer.
    c.header('Access-Control-Allow-Origin', '*')
    const checkout = await findCheckout(c.req.param('id'))
    if (!checkout) return noStore(c.json(failure(sandboxResults.noSession, now(), { description: expiredMessage }), 404))
    if (checkout.payment) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { description: usedMessage }), 400))
    const form = await formOf(c)
    const shopperResultUrl = absoluteHttpUrl(form.shopperResultUrl ?? '')
    const checked = checkCard(
      {
        number: form['card.number'] ?? '',
        holder: form['card.holder'] ?? '',
        expiryMonth: form['card.expiryMonth'] ?? '',
        expiryYear: form['card.expiryYear'] ?? '',
        cvv: form['card.cvv'] ?? '',
        paymentBrand: form.paymentBrand ?? '',
      },
      now(),
    )
    const errors = checked.ok ? [] : checked.errors
    if (!shopperResultUrl)
      errors.push({ name: 'shopperResultUrl', value: (form.shopperResultUrl ?? '').slice(0, 255), message: 'must be an absolute http(s) URL' })
    if (!checked.ok || !shopperResultUrl) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { parameterErrors: errors }), 400))
    const { card } = checked
    const test = testCardFor(card.number)
    const outcome: Outcome =
      test?.flow === 'challenge'
        ? { kind: 'challenge' }
        : test?.flow === 'pending'
          ? { kind: 'pending', settlesAt: now() + pendingMs }
          : { kind: 'result', result: test?.result ?? otherCardResult }
    const payment: Payment = {
      id: newPaymentId(),
      brand: card.brand,
      card: {
        bin: card.number.slice(0, 6),
        last4Digits: card.number.slice(-4),
        holder: card.holder,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
      },
      submittedAt: now(),
      shopperResultUrl,
      outcome,
      ...(form['customer.browser.language'] ? { browserLanguage: form['customer.browser.language'].slice(0, 35) } : {}),
    }
    // Two payments at once (two tabs, two instances): the first stored wins, the other is told the checkout was used.
    if (!(await store.pay(checkout.id, payment))) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { description: usedMessage }), 400))
    if (outcome.kind === 'result') notify(paymentObject({ ...checkout, payment, result: outcome.result, ndc: checkout.id, now: now() }))
    const url = outcome.kind === 'challenge' ? `${baseOf(c, '/v1/checkouts/')}/v1/threeDSecure/${checkout.id}` : resultUrl(payment, checkout.id)
    return noStore(c.json({ redirect: { url } }))
  })

  app.get('/v1/checkouts/:id/payment', async (c) => {
    const refused = refuse(c, c.req.query('entityId'))
    if (refused) return refused
    const checkout = await findCheckout(c.req.param('id'))
    if (!checkout) return noStore(c.json(failure(sandboxResults.noSession, now()), 404))
    const payment = checkout.payment
    // A checkout no card was given to yet answers pending with no payment; one at the bank's challenge is a pending payment.
    if (!payment) return noStore(c.json({ id: checkout.id, result: sandboxResults.pending, ...envelope(now(), checkout.id) }))
    const result = resultAt(payment, now())
    return noStore(c.json(paymentObject({ ...checkout, payment, result, ndc: checkout.id, now: now() }), statusFor(result.code)))
  })

  app.get('/v1/threeDSecure/:id', async (c) => {
    const checkout = await findCheckout(c.req.param('id'))
    const payment = checkout?.payment
    const i18n = await bankI18n(c, payment)
    if (!checkout || !payment) return page(c, 404, expiredChallengePage(i18n))
    // Answered already (a reload, the back button): the bank sends the shopper on to the merchant again.
    if (payment.outcome.kind !== 'challenge') return c.redirect(resultUrl(payment, checkout.id), 303)
    const html = challengePage(i18n, { ...checkout, brand: payment.brand, last4: payment.card?.last4Digits ?? '' })
    return page(c, 200, html, payment.shopperResultUrl)
  })

  app.post('/v1/threeDSecure/:id', limit(1024), async (c) => {
    const checkout = await findCheckout(c.req.param('id'))
    const payment = checkout?.payment
    if (!checkout || !payment) return page(c, 404, expiredChallengePage(await bankI18n(c, payment)))
    if (payment.outcome.kind === 'challenge') {
      const decision = (await formOf(c)).decision
      if (decision !== 'approve' && decision !== 'decline') return page(c, 400, noDecisionPage(await bankI18n(c, payment)))
      // Only the first answer counts, whichever instance a double click reaches.
      const result = decision === 'approve' ? sandboxResults.succeeded : sandboxResults.authenticationFailed
      if (await store.answerChallenge(checkout.id, result)) {
        notify(paymentObject({ ...checkout, payment: { ...payment, outcome: { kind: 'result', result } }, result, ndc: checkout.id, now: now() }))
      }
    }
    // A second answer (a double click) changes nothing and goes to the same place.
    return c.redirect(resultUrl(payment, checkout.id), 303)
  })

  app.post('/v1/payments', limit(32 * 1024), async (c) => {
    const form = await formOf(c)
    const refused = refuse(c, form.entityId)
    if (refused) return refused
    const { errors, field, amount, currency, merchantTransactionId } = paymentForm(form, 'DB', 'must be DB (debit), the only payment type of the sandbox')
    field('paymentBrand', (v) => v === 'GOOGLEPAY', 'must be GOOGLEPAY')
    const token = readGooglePayToken(form['googlePay.paymentToken'] ?? '')
    // The token is a wallet credential: it is named, never echoed.
    if (!token) errors.push({ name: 'googlePay.paymentToken', value: '', message: 'is not a Google Pay payment token' })
    if (errors.length > 0 || !token) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { parameterErrors: errors }), 400))
    const result: SandboxResult = token.kind === 'google' || token.approve ? sandboxResults.integratorTest : sandboxResults.invalidCard
    const payment: Payment = {
      id: newPaymentId(),
      brand: 'GOOGLEPAY',
      ...(token.kind === 'sandbox'
        ? { card: { bin: '', last4Digits: token.last4, holder: token.holder, expiryMonth: token.expiryMonth, expiryYear: token.expiryYear } }
        : {}),
      submittedAt: now(),
      shopperResultUrl: '',
      outcome: { kind: 'result', result },
    }
    const body = paymentObject({ payment, result, amount, currency, merchantTransactionId, customer: {}, ndc: randomBytes(16).toString('hex'), now: now() })
    // Kept, so the transaction report finds the charge even when this answer never reaches the merchant.
    await payments.add(merchantTransactionId, body)
    notify(body)
    return noStore(c.json(body, statusFor(result.code)))
  })

  // A refund against a payment the sandbox took (card or wallet): never more than captured minus earlier refunds.
  app.post('/v1/payments/:id', limit(16 * 1024), async (c) => {
    const form = await formOf(c)
    const refused = refuse(c, form.entityId)
    if (refused) return refused
    const { errors, amount, currency, merchantTransactionId } = paymentForm(
      form,
      'RF',
      'must be RF (refund), the only payment type on an existing payment in the sandbox',
    )
    if (errors.length > 0) return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { parameterErrors: errors }), 400))
    const paymentId = c.req.param('id')
    const { status, answer } = await refunds.refund({ paymentId, amountCents: Math.round(Number(amount) * 100), currency, merchantTransactionId })
    return noStore(c.json(answer, status))
  })

  // For testers (no credentials, like the widget): the refunds asked of a payment, by its id or by the order number it
  // was paid with, and whether the sandbox made each.
  app.get('/refunds', async (c) => {
    const paymentId = c.req.query('paymentId')
    const merchantTransactionId = c.req.query('merchantTransactionId')
    if (!paymentId && !merchantTransactionId) return noStore(c.json({ error: 'Name a paymentId or a merchantTransactionId.' }, 400))
    return noStore(c.json({ refunds: await refunds.of({ ...(paymentId ? { paymentId } : {}), ...(merchantTransactionId ? { merchantTransactionId } : {}) }) }))
  })

  // The transaction report by the merchant's reference: every payment made with it, card or wallet, as each stands now.
  app.get('/v1/query', async (c) => {
    const refused = refuse(c, c.req.query('entityId'))
    if (refused) return refused
    const merchantTransactionId = c.req.query('merchantTransactionId') ?? ''
    if (merchantTransactionId.length < 8 || merchantTransactionId.length > 255) {
      const parameterErrors = [{ name: 'merchantTransactionId', value: merchantTransactionId.slice(0, 255), message: 'must be 8 to 255 characters' }]
      return noStore(c.json(failure(sandboxResults.invalidParameter, now(), { parameterErrors }), 400))
    }
    const onCheckouts = (await store.paidWith(merchantTransactionId)).flatMap(({ payment, ...checkout }) => {
      if (!payment) return []
      const result = payment.outcome.kind === 'challenge' ? sandboxResults.pending : resultAt(payment, now())
      return [paymentObject({ ...checkout, payment, result, ndc: checkout.id, now: now() })]
    })
    const found = [...onCheckouts, ...(await payments.paidWith(merchantTransactionId)), ...(await refunds.withReference(merchantTransactionId))]
    if (found.length === 0) return noStore(c.json(failure(sandboxResults.noTransaction, now())))
    return noStore(c.json({ result: sandboxResults.queried, ...envelope(now()), payments: found }))
  })

  async function findCheckout(id: string): Promise<Checkout | undefined> {
    return checkoutIdShape.test(id) ? store.get(id) : undefined
  }

  return app
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** The form fields of a form-encoded (or multipart) body; files and repeated fields are ignored. */
/**
 * The checks every payment request of the sandbox makes, as OPPWA answers them (parameterErrors): the amount, the
 * currency, the payment type it takes and the merchantTransactionId, read in that order; `field` checks one more
 * (one the request may leave out when not `required`).
 */
function paymentForm(form: Record<string, string>, paymentType: 'DB' | 'RF', typeMessage: string) {
  const errors: ParameterError[] = []
  const field = (name: string, valid: (v: string) => boolean, message: string, required = true) => {
    const value = form[name] ?? ''
    if ((required || value !== '') && !valid(value)) errors.push({ name, value: value.slice(0, 255), message })
    return value
  }
  const amount = field('amount', (v) => amountShape.test(v) && Number(v) > 0, 'must be a positive amount with two decimals, e.g. 299.00')
  const currency = field('currency', (v) => v === 'ZAR', "must be ZAR, the sandbox entity's currency")
  field('paymentType', (v) => v === paymentType, typeMessage)
  const merchantTransactionId = field('merchantTransactionId', (v) => v.length >= 8 && v.length <= 255, 'must be 8 to 255 characters')
  return { errors, field, amount, currency, merchantTransactionId }
}

async function formOf(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('Content-Type') ?? ''
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return {}
  const body = await c.req.parseBody().catch(() => ({}))
  const form: Record<string, string> = {}
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') form[name] = value
  return form
}

function absoluteHttpUrl(value: string): string | undefined {
  if (value.length > 2048) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** Where the shopper returns: the merchant's URL with the checkout id and the resource path to ask for the result. */
function resultUrl(payment: Payment, checkoutId: string): string {
  const [url = '', hash] = payment.shopperResultUrl.split(/(?=#)/, 2)
  const query = `id=${encodeURIComponent(checkoutId)}&resourcePath=${encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`)}`
  return `${url}${url.includes('?') ? '&' : '?'}${query}${hash ?? ''}`
}

/** The sandbox's own base URL as the caller reached it (origin and mount path), from a route under it. */
function baseOf(c: Context, routeStart: string): string {
  const url = new URL(c.req.url)
  return `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf(routeStart))}`
}

function noStore(res: Response): Response {
  res.headers.set('Cache-Control', 'no-store')
  return res
}

/** The bank page's language: the browser language the widget sent with the payment, else cookie, else browser. */
function bankI18n(c: Context, payment: Payment | undefined) {
  return shopperI18n(payment?.browserLanguage, hintedLanguage(c), acceptedLanguage(c))
}

/** Pages for the shopper's browser: nothing loads but inline style, and forms post only here or to the merchant. */
function page(c: Context, status: 200 | 400 | 404, html: string, shopperResultUrl?: string): Response {
  const shopperOrigin = shopperResultUrl ? ` ${new URL(shopperResultUrl).origin}` : ''
  return c.html(html, status, {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${shopperOrigin}; frame-ancestors 'none'; base-uri 'none'`,
  })
}
