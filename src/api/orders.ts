import * as v from 'valibot'
import { OrderSchema, OrdersResponseSchema, type CreateOrderRequest, type Order } from '../domain/order.ts'
import { answeredAt, type Dated } from './answeredAt.ts'
import { api, getDatedJson, getJson, refusalOf } from './client.ts'
import { InvoiceSchema, type Invoice } from '../domain/invoice.ts'
import { orderCreatePath } from './queuedWrite.ts'

/** One attempt to create an order: the server's answer, or no answer at all (offline, dropped, timed out). */
export type CreateOrderResult =
  | { kind: 'created'; order: Order; fetchedAt: string }
  // retryAfterMs: the server's Retry-After, when it asked us to wait.
  | { kind: 'refused'; status: number; error: string; code: string | null; retryAfterMs?: number }
  | { kind: 'no-answer'; error: string }

const RefusalSchema = v.object({ error: v.string(), code: v.optional(v.string()) })

/** POST /v10/partner/order/{user_id} with the order's client id as Idempotency-Key: replays create nothing new. */
export async function createOrder(userId: number, request: CreateOrderRequest): Promise<CreateOrderResult> {
  try {
    const reply = await api.raw(orderCreatePath(userId), {
      method: 'POST',
      body: request,
      headers: { 'Idempotency-Key': request.order.id },
      // An order may take the server a while; a time-out here is only "try again later".
      timeout: 20_000,
    })
    return { kind: 'created', order: v.parse(OrderSchema, reply._data), fetchedAt: answeredAt(reply.headers.get('date')) }
  } catch (e) {
    const failure = refusalOf(e, RefusalSchema)
    if (failure.kind === 'no-answer') return failure
    const { status, body, retryAfterMs } = failure
    return { kind: 'refused', status, error: body?.error ?? '', code: body?.code ?? null, ...(retryAfterMs === null ? {} : { retryAfterMs }) }
  }
}

/** GET /v2/partner/order/{order_id}. */
export function fetchOrder(orderId: string | number): Promise<Dated<Order>> {
  return getDatedJson(`/v2/partner/order/${encodeURIComponent(String(orderId))}`, OrderSchema)
}

/** GET /v2/partner/orders/{user_id}: newest first. */
export async function fetchOrders(userId: number): Promise<Dated<Order[]>> {
  const { body, fetchedAt } = await getDatedJson(`/v2/partner/orders/${userId}`, OrdersResponseSchema)
  return { body: body.orders, fetchedAt }
}

/** GET /v2/partner/order/{order_id}/invoice: a paid order's tax invoice, with the seller the server is configured with. */
export function fetchInvoice(orderId: string): Promise<Invoice> {
  return getJson(`/v2/partner/order/${encodeURIComponent(orderId)}/invoice`, InvoiceSchema)
}
