import { Hono } from 'hono'
import { RefundReplySchema, RefundRequestSchema, RefundsDueReplySchema, StaffPaymentReplySchema } from '../../../src/domain/refundSchemas.ts'
import type { RefundDue } from '../../../src/domain/refundSchemas.ts'
import type { RefundDueReason } from '../../../src/domain/refunds.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import type { Db, Queryable } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { requestHash } from '../../http/idempotency.ts'
import { idempotencyKey } from '../../http/idempotencyKey.ts'
import { readJson } from '../../http/jsonBody.ts'
import { requestLog } from '../../http/requestContext.ts'
import type { ProxyTrust } from '../../http/requestInfo.ts'
import type { CardProvider } from '../../payments/provider.ts'
import { makeRefund, refundMessages, refundsOfPayment } from '../../payments/refunds.ts'
import { refundsDueWhere, remainingSql } from '../../payments/refundsDue.ts'
import { allow, freshPasskey } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { staffActor } from '../../staff/audit.ts'
import { staffQueues } from '../../staff/queues.ts'

interface PaymentRow {
  id: number
  order_id: number
  order_number: string
  customer_id: number | null
  first_name: string | null
  last_name: string | null
  email: string | null
  amount: number
  remaining: number
  currency: string
  refund_reason: RefundDueReason | null
  reconciliation: 'credited' | 'refund_due'
  method: 'card' | 'wallet'
  brand: string
  lastfour: string
  effective_date: Date | string
  transaction_id: string
}

const paymentSelect = `select p.id, p.order_id, p.order_number, o.customer_id, c.first_name, c.last_name, c.email, round(p.amount * 100)::float8 as amount,
    ${remainingSql} as remaining, p.currency, p.refund_reason, p.reconciliation, p.method, p.brand, p.lastfour, p.effective_date, p.transaction_id
  from payments p join orders o on o.id = p.order_id left join customers c on c.id = o.customer_id`

const dueOf = (row: PaymentRow): RefundDue => ({
  paymentId: Number(row.id),
  orderNumber: row.order_number,
  customer:
    row.customer_id === null ? null : { id: Number(row.customer_id), name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(), email: row.email ?? '' },
  amount: row.amount,
  remaining: row.remaining,
  currency: row.currency,
  reason: row.refund_reason,
  method: row.method,
  paidWith: row.lastfour ? `${row.brand} •••• ${row.lastfour}` : row.brand,
  paidAt: new Date(row.effective_date).toISOString(),
})

/** The refunds queue, oldest first. */
export async function refundsDue(db: Queryable): Promise<RefundDue[]> {
  const rows = await db.query<PaymentRow>(`${paymentSelect} where ${refundsDueWhere} order by p.effective_date, p.id limit 500`)
  return rows.map(dueOf)
}

staffQueues.push({
  name: 'refundsDue',
  permission: 'payments.read',
  count: async (db) => {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from payments p where ${refundsDueWhere}`)
    return row?.n ?? 0
  },
})

const described = {
  refundsDue: describeStaff({
    summary: 'The refunds queue: payments owed back (refund_due) until refunded in full, oldest first, amounts in cents',
    access: 'payments.read',
    responses: { 200: answer('The payments owed back, with their reason, order and customer', RefundsDueReplySchema) },
  }),
  payment: describeStaff({
    summary: "One payment with its order's lines and its refunds, amounts in cents",
    access: 'payments.read',
    responses: { 200: answer('The payment and its refunds', StaffPaymentReplySchema), 404: refusal('No such payment') },
  }),
  refund: describeStaff({
    summary: "Refund (part of) a payment through the card provider, once per Idempotency-Key (the staff app's dialog)",
    access: 'refunds.make',
    stepUp: true,
    body: RefundRequestSchema,
    responses: {
      201: answer('Refunded (a repeat of the key answers the same, with Idempotent-Replayed)', RefundReplySchema),
      202: answer('Sent, not yet confirmed by the provider: pending, and asked again by a repeat of the key', RefundReplySchema),
      404: refusal('No such payment'),
      409: answer('More than remains of the payment (or of the line); remaining says how much does', RefundReplySchema),
      422: refusal('The Idempotency-Key was used for another refund'),
      502: answer('The card provider refused the refund; its result is on the refund', RefundReplySchema),
    },
  }),
}

/** A payment id from the path (digits only, by the route); one too large for the database is no payment. */
const paymentIdOf = (param: string): number | undefined => (param.length <= 15 ? Number(param) : undefined)

export interface PaymentStaffSettings extends ProxyTrust {
  provider: CardProvider
}

/**
 * Payments and refunds in the back office: the queue of money owed back, a payment with its refunds, and a refund
 * through the card provider (finance and owners; a fresh passkey check first).
 */
export function paymentsStaffRoutes(db: Db, settings: PaymentStaffSettings) {
  return new Hono<StaffEnv>()
    .get('/payments/refunds-due', allow('payments.read'), described.refundsDue, async (c) => c.json({ payments: await refundsDue(db) }))
    .get('/payments/:id{[0-9]+}', allow('payments.read'), described.payment, async (c) => {
      const id = paymentIdOf(c.req.param('id'))
      if (id === undefined) return jsonError(c, 404, refundMessages.noPayment)
      const [row] = await db.query<PaymentRow>(`${paymentSelect} where p.id = $1`, [id])
      if (!row) return jsonError(c, 404, refundMessages.noPayment)
      const lines = await db.query<{ number: number; name: string; price: number; status: string }>(
        'select number, name, round(unit_price * 100)::float8 as price, status from order_lines where order_id = $1 order by number',
        [row.order_id],
      )
      return c.json({
        payment: { ...dueOf(row), reconciliation: row.reconciliation, transactionId: row.transaction_id, lines },
        refunds: await refundsOfPayment(db, id),
      })
    })
    .post('/payments/:id{[0-9]+}/refunds', allow('refunds.make'), described.refund, freshPasskey(), async (c) => {
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const read = readJson(c, RefundRequestSchema)
      if ('refused' in read) return read.refused
      const paymentId = paymentIdOf(c.req.param('id'))
      if (paymentId === undefined) return jsonError(c, 404, refundMessages.noPayment)
      const answer = await makeRefund(
        db,
        settings.provider,
        { paymentId, key: given.key, hash: requestHash({ paymentId, ...read.body }), request: read.body, actor: staffActor(c, settings) },
        requestLog(c),
      )
      if (answer.replayed) c.header('Idempotent-Replayed', 'true')
      return c.json(answer.body, answer.status)
    })
}
