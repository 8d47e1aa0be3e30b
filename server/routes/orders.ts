import { Hono } from 'hono'
import { CreateOrderRequestSchema, OrderSchema, OrdersResponseSchema, ProductUnavailableSchema } from '../../src/domain/order.ts'
import { InvoiceSchema } from '../../src/domain/invoice.ts'
import { demoSeller } from '../orders/seller.ts'
import { sandboxPartner } from '../orders/partner.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { readJson } from '../http/jsonBody.ts'
import { requestLog } from '../http/requestContext.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { Config } from '../config.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { forgetExpiredKeys, requestHash, sendOutcome } from '../http/idempotency.ts'
import { loadInvoice } from '../orders/invoice.ts'
import { listOrders, loadOrder } from '../orders/orderReply.ts'
import { placeOrderOnce } from '../orders/placeOrderOnce.ts'
import { requestLanguage } from '../i18n/requestLanguage.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { isOwn } from '../http/idParam.ts'

export const othersOrders = serverMessages.othersOrders
export const orderForSomeoneElse = serverMessages.orderForSomeoneElse
export const orderNotFound = serverMessages.orderNotFound
export const invoiceUnpaid = serverMessages.invoiceUnpaid
export const keyIsNotOrderId = 'order.id must equal the Idempotency-Key header.'

const described = {
  place: describeApi({
    summary: "Place an order for the signed-in customer, exactly once per Idempotency-Key (the order's id)",
    tags: ['orders'],
    signedIn: true,
    idempotent: true,
    body: CreateOrderRequestSchema,
    responses: {
      200: answer('The order as stored', OrderSchema),
      403: refusal('The path names another customer'),
      422: answer('A product is no longer sold (code product_unavailable), or the key was used for another order', ProductUnavailableSchema),
    },
  }),
  one: describeApi({
    summary: "One of the customer's orders",
    tags: ['orders'],
    signedIn: true,
    responses: { 200: answer('The order', OrderSchema), 403: refusal("Another customer's order"), 404: refusal('No such order') },
  }),
  invoice: describeApi({
    summary: "A paid order's tax invoice (South African VAT, 15% inside the VAT-inclusive total), for its owner only",
    tags: ['orders'],
    signedIn: true,
    responses: {
      200: answer('The tax invoice, with the seller from the server settings', InvoiceSchema),
      403: refusal("Another customer's order"),
      404: refusal('No such order'),
      409: refusal('The order is not paid yet'),
    },
  }),
  list: describeApi({
    summary: "The customer's orders",
    tags: ['orders'],
    signedIn: true,
    responses: { 200: answer('Every order, newest first', OrdersResponseSchema), 403: refusal('The path names another customer') },
  }),
}

/**
 * POST /v10/partner/order/{user_id} (exactly once per Idempotency-Key), GET /v2/partner/order/{order_id}
 * and GET /v2/partner/orders/{user_id}: only the signed-in customer's own orders.
 */
/** The tax invoices name `seller` (the demo's when omitted). */
export function orderRoutes(db: Db, settings: CookieSettings & Partial<Pick<Config, 'partner' | 'seller'>>) {
  const partner = settings.partner ?? sandboxPartner
  const signedIn = requireCustomer(db, settings)

  return new Hono<CustomerEnv>()
    .post('/v10/partner/order/:user_id', described.place, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, orderForSomeoneElse)
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const { key } = given
      const read = readJson(c, CreateOrderRequestSchema)
      if ('refused' in read) return read.refused
      const { order } = read.body
      if (order.id.toLowerCase() !== key) return jsonError(c, 400, keyIsNotOrderId)
      const outcome = await placeOrderOnce(db, { customerId, key, hash: requestHash(read.sent), order, partner, language: requestLanguage(c) })
      if (!outcome.replayed)
        await forgetExpiredKeys(db, { customerId }).catch((error: unknown) => requestLog(c).warn({ err: error }, 'could not delete expired idempotency keys'))
      return sendOutcome(c, outcome)
    })
    .get('/v2/partner/order/:order_id', described.one, signedIn, async (c) => {
      const id = c.req.param('order_id')
      const found = /^\d{1,15}$/.test(id) ? await loadOrder(db, Number(id)) : undefined
      if (!found) return jsonError(c, 404, orderNotFound)
      if (found.customerId !== c.get('customerId')) return jsonError(c, 403, othersOrders)
      return c.json(found.order)
    })
    .get('/v2/partner/order/:order_id/invoice', described.invoice, signedIn, async (c) => {
      const id = c.req.param('order_id')
      if (!/^\d{1,15}$/.test(id)) return jsonError(c, 404, orderNotFound)
      const outcome = await loadInvoice(db, Number(id), c.get('customerId'), settings.seller ?? demoSeller)
      if (outcome.kind === 'not found') return jsonError(c, 404, orderNotFound)
      if (outcome.kind === 'not yours') return jsonError(c, 403, othersOrders)
      if (outcome.kind === 'unpaid') return jsonError(c, 409, invoiceUnpaid)
      return c.json(outcome.invoice)
    })
    .get('/v2/partner/orders/:user_id', described.list, signedIn, async (c) => {
      const customerId = c.get('customerId')
      if (!isOwn(c.req.param('user_id'), customerId)) return jsonError(c, 403, othersOrders)
      return c.json({ orders: await listOrders(db, customerId) })
    })
}
