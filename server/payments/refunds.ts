import { storedLanguage } from '../accounts/accountLanguage.ts'
import { outcomeOf } from '../../src/domain/payment.ts'
import type { RefundReason, RefundStatus } from '../../src/domain/refunds.ts'
import type { RefundRequest, StaffRefund } from '../../src/domain/refundSchemas.ts'
import type { Db, Queryable } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { refunds } from '../metrics.ts'
import { nameToGreet } from '../mail/greeting.ts'
import { queueMail } from '../mail/queueMail.ts'
import { refundMadeMail } from '../mail/templates/refundMade.ts'
import { audit, countStaffAction } from '../staff/audit.ts'
import type { StaffActor } from '../staff/audit.ts'
import { ProviderRefused, ProviderUnavailable } from './provider.ts'
import type { CardProvider, ProviderPayment } from './provider.ts'
import { pushRefundMade } from '../push/paymentPushes.ts'

/** What a refund request is answered: the status and body every repeat of it gets too. */
export interface RefundAnswer {
  status: 201 | 202 | 400 | 404 | 409 | 422 | 502
  body: { refund?: StaffRefund; error?: string; remaining?: number }
  /** Whether it repeats what an earlier request with the same key was answered. */
  replayed: boolean
}

export interface RefundAsk {
  paymentId: number
  /** The Idempotency-Key of the staff app's refund dialog. */
  key: string
  /** requestHash of the payment and the body: the same key with another request is refused. */
  hash: string
  request: RefundRequest
  actor: StaffActor
}

interface RefundRow {
  id: number
  payment_id: number
  order_id: number
  order_number: string
  amount_cents: number
  currency: string
  reason: RefundReason
  note: string
  order_line: number | null
  status: RefundStatus
  staff_email: string | null
  provider_refund_id: string | null
  result_code: string | null
  result_description: string | null
  request_hash: string
  merchant_transaction_id: string
  transaction_id: string
  created_at: Date | string
  settled_at: Date | string | null
}

interface PaymentRow {
  id: number
  transaction_id: string
  order_id: number
  order_number: string
  amount: number
  currency: string
}

export const refundMessages = {
  noPayment: 'No such payment.',
  reused: 'This Idempotency-Key was used for another refund.',
  tooMuch: 'That is more than remains to be refunded of this payment.',
  lineTooMuch: 'That is more than remains to be refunded of this order line.',
  noLine: 'This order has no such line.',
  lineNeeded: 'A refund for a cancelled line names the line.',
  notRefundable: 'The card provider gave this payment no id, so it cannot be refunded through the provider.',
  refused: 'The card provider refused the refund',
  unanswered: 'The card provider has not confirmed the refund yet: it stays pending and is asked again before anything is sent.',
} as const

/** How long one request may talk to the provider about a refund before another may take it over (a crashed instance). */
const sendingSeconds = 60
/** How long a repeat waits for the request that is sending the refund before answering that it is pending. */
const waitForSenderMs = 20_000
const pollMs = 200

const refundColumns = `r.id, r.payment_id, r.order_id, o.order_number, r.amount_cents, r.currency, r.reason, r.note, r.order_line, r.status,
  s.email as staff_email, r.provider_refund_id, r.result_code, r.result_description, r.request_hash, r.merchant_transaction_id,
  p.transaction_id, r.created_at, r.settled_at`
const refundFrom = 'refunds r join payments p on p.id = r.payment_id join orders o on o.id = r.order_id left join staff s on s.id = r.staff_id'

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

export const staffRefundOf = (row: RefundRow): StaffRefund => ({
  id: Number(row.id),
  paymentId: Number(row.payment_id),
  orderNumber: row.order_number,
  amount: Number(row.amount_cents),
  currency: row.currency,
  reason: row.reason,
  note: row.note,
  orderLine: row.order_line,
  status: row.status,
  staff: row.staff_email,
  providerRefundId: row.provider_refund_id,
  result: row.result_code === null ? null : { code: row.result_code, description: row.result_description ?? '' },
  createdAt: iso(row.created_at) ?? '',
  settledAt: iso(row.settled_at),
})

/** The cents still refundable of a payment: captured minus every refund pending or made. */
export async function remainingCents(db: Queryable, paymentId: number): Promise<number> {
  const [row] = await db.query<{ remaining: number }>(
    `select (round(p.amount * 100) - coalesce((select sum(amount_cents) from refunds where payment_id = p.id and status in ('pending', 'refunded')), 0))::float8 as remaining
     from payments p where p.id = $1`,
    [paymentId],
  )
  return row?.remaining ?? 0
}

/** A payment's refunds, oldest first. */
export async function refundsOfPayment(db: Queryable, paymentId: number): Promise<StaffRefund[]> {
  const rows = await db.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.payment_id = $1 order by r.created_at, r.id`, [paymentId])
  return rows.map(staffRefundOf)
}

const findByKey = async (db: Queryable, key: string): Promise<RefundRow | undefined> =>
  (await db.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.idempotency_key = $1`, [key]))[0]

type Started = { kind: 'answer'; answer: RefundAnswer } | { kind: 'send'; refund: RefundRow } | { kind: 'earlier'; refund: RefundRow }

/**
 * Makes a refund exactly once per Idempotency-Key, across double clicks and instances: the refund is recorded
 * pending in a transaction that locks its payment and checks that no more than what remains is asked (captured
 * minus refunds pending or made); only then is the provider asked, with the refund's own merchantTransactionId, and
 * its answer recorded once. A repeat with the same key gets that refund's answer; one that finds it pending with
 * nobody sending it (a crash, a timeout) asks the provider's transaction report before sending it again.
 */
export async function makeRefund(db: Db, provider: CardProvider, ask: RefundAsk, log: Logger): Promise<RefundAnswer> {
  const started = await db.transaction((tx) => startRefund(tx, ask))
  if (started.kind === 'answer') {
    if (started.answer.status === 409) countStaffAction('refund.make', 'refused')
    return started.answer
  }
  if (started.kind === 'send') return send(db, provider, started.refund, log, false)
  if (started.refund.request_hash !== ask.hash) return { status: 422, body: { error: refundMessages.reused }, replayed: false }
  return resolve(db, provider, started.refund.id, log)
}

async function startRefund(tx: Queryable, ask: RefundAsk): Promise<Started> {
  const { request } = ask
  // Locked: two refunds of one payment (two keys, two instances) are decided one after the other.
  const [payment] = await tx.query<PaymentRow>('select id, transaction_id, order_id, order_number, amount, currency from payments where id = $1 for update', [
    ask.paymentId,
  ])
  if (!payment) return { kind: 'answer', answer: { status: 404, body: { error: refundMessages.noPayment }, replayed: false } }
  const earlier = await findByKey(tx, ask.key)
  if (earlier) return { kind: 'earlier', refund: earlier }
  const refusal = (status: 400 | 409, error: string, remaining?: number): Started => ({
    kind: 'answer',
    answer: { status, body: { error, ...(remaining === undefined ? {} : { remaining }) }, replayed: false },
  })
  if (payment.transaction_id.startsWith('checkout:')) return refusal(409, refundMessages.notRefundable)
  if (request.reason === 'cancelled line' && !request.orderLine) return refusal(400, refundMessages.lineNeeded)
  const remaining = await remainingCents(tx, payment.id)
  if (request.amount > remaining) return refusal(409, refundMessages.tooMuch, remaining)
  if (request.orderLine) {
    const [line] = await tx.query<{ price: number; refunded: number }>(
      `select round(l.unit_price * 100)::float8 as price,
         coalesce((select sum(amount_cents) from refunds r join payments p on p.id = r.payment_id
                   where p.order_id = l.order_id and r.order_line = l.number and r.status in ('pending', 'refunded')), 0)::float8 as refunded
       from order_lines l where l.order_id = $1 and l.number = $2`,
      [payment.order_id, request.orderLine],
    )
    if (!line) return refusal(400, refundMessages.noLine)
    const lineRemaining = Math.min(line.price - line.refunded, remaining)
    if (request.amount > lineRemaining) return refusal(409, refundMessages.lineTooMuch, Math.max(lineRemaining, 0))
  }
  const inserted = await tx.query<{ id: number }>(
    `insert into refunds (payment_id, order_id, amount_cents, currency, reason, note, order_line, staff_id, idempotency_key, request_hash,
       merchant_transaction_id, sending_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12))
     on conflict (idempotency_key) do nothing
     returning id`,
    [
      payment.id,
      payment.order_id,
      request.amount,
      payment.currency,
      request.reason,
      request.note,
      request.orderLine ?? null,
      ask.actor.staffId,
      ask.key,
      ask.hash,
      // The refund's own reference at the provider: the key, unique per refund and known before anything is sent.
      ask.key,
      sendingSeconds,
    ],
  )
  const id = inserted[0]?.id
  // The same key on another payment, committed meanwhile: that refund's, refused below by its hash.
  if (id === undefined) {
    const other = await findByKey(tx, ask.key)
    if (!other) throw new Error(`refund key ${ask.key} conflicted but no refund has it`)
    return { kind: 'earlier', refund: other }
  }
  // The staff action is the request: one row per refund, in the transaction that records it.
  await audit(tx, ask.actor, {
    action: 'refund.make',
    targetType: 'payment',
    targetId: payment.id,
    reason: request.note || request.reason,
    summary: {
      refundId: Number(id),
      orderNumber: payment.order_number,
      amountCents: request.amount,
      reason: request.reason,
      orderLine: request.orderLine ?? null,
    },
  })
  const [row] = await tx.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.id = $1`, [id])
  if (!row) throw new Error(`refund ${id} vanished in its own transaction`)
  return { kind: 'send', refund: row }
}

/** A repeat: the refund's answer once settled; pending, it waits for whoever is sending it, or takes it over. */
async function resolve(db: Db, provider: CardProvider, refundId: number, log: Logger): Promise<RefundAnswer> {
  const deadline = Date.now() + waitForSenderMs
  for (;;) {
    const [row] = await db.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.id = $1`, [refundId])
    if (!row) throw new Error(`refund ${refundId} vanished`)
    if (row.status !== 'pending') return answerOf(row, true)
    const taken = await db.query(
      `update refunds set sending_until = now() + make_interval(secs => $2)
       where id = $1 and status = 'pending' and (sending_until is null or sending_until < now()) returning id`,
      [refundId, sendingSeconds],
    )
    if (taken.length > 0) return send(db, provider, row, log, true)
    if (Date.now() >= deadline) return answerOf(row, true)
    await new Promise((resolved) => setTimeout(resolved, pollMs))
  }
}

/**
 * Settles one refund left pending (its request got no answer from the provider, and nobody has asked since), for the
 * reconciler (reconcile.ts), so a refund concludes and its customer is told even when nobody repeats the request. It
 * is taken by one statement (FOR UPDATE SKIP LOCKED), so across instances one worker asks; looked up in the provider's
 * report by its merchantTransactionId before it is ever sent again; and, still pending, not asked about again for
 * `recheckSeconds`. Undefined when no refund waits.
 */
export async function settlePendingRefund(
  db: Db,
  provider: CardProvider,
  log: Logger,
  { afterSeconds, recheckSeconds }: { afterSeconds: number; recheckSeconds: number },
): Promise<'settled' | 'pending' | undefined> {
  const [taken] = await db.query<{ id: number }>(
    `update refunds set sending_until = now() + make_interval(secs => $2)
     where id = (
         select id from refunds
         where status = 'pending' and (sending_until is null or sending_until < now()) and created_at <= now() - make_interval(secs => $1)
         order by created_at
         limit 1
         for update skip locked)
     returning id`,
    [afterSeconds, sendingSeconds],
  )
  if (!taken) return undefined
  const [row] = await db.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.id = $1`, [taken.id])
  if (!row) return undefined
  log.debug({ refundId: row.id, paymentId: row.payment_id }, 'asking the card provider about a refund left pending')
  const answer = await send(db, provider, row, log, true, recheckSeconds)
  return answer.status === 202 ? 'pending' : 'settled'
}

/**
 * Asks the provider for the refund (this request holds it): a refund taken over is first looked up in the provider's
 * transaction report by its merchantTransactionId, and sent only when the provider has none.
 */
async function send(db: Db, provider: CardProvider, refund: RefundRow, log: Logger, takenOver: boolean, holdSeconds = 0): Promise<RefundAnswer> {
  let answer: ProviderPayment | undefined
  try {
    if (takenOver) {
      const known = (await provider.paymentsOf(refund.merchant_transaction_id)).filter((p) => p.paymentType === 'RF')
      answer = known.find((p) => outcomeOf(p.result.code) === 'successful') ?? known.find((p) => outcomeOf(p.result.code) === 'pending') ?? known.at(-1)
    }
    answer ??= await provider.refund(refund.transaction_id, {
      amount: (Number(refund.amount_cents) / 100).toFixed(2),
      currency: refund.currency,
      merchantTransactionId: refund.merchant_transaction_id,
    })
  } catch (error) {
    if (error instanceof ProviderRefused) return settle(db, refund.id, { status: 'failed', result: error.result, providerRefundId: null }, takenOver)
    if (!(error instanceof ProviderUnavailable)) throw error
    log.warn({ err: error, refundId: refund.id, paymentId: refund.payment_id }, 'refund left pending: the card provider did not answer')
    return release(db, refund.id, takenOver, holdSeconds)
  }
  const outcome = outcomeOf(answer.result.code)
  if (outcome === 'pending') return release(db, refund.id, takenOver, holdSeconds)
  return settle(
    db,
    refund.id,
    { status: outcome === 'successful' ? 'refunded' : 'failed', result: answer.result, providerRefundId: answer.id ?? null },
    takenOver,
  )
}

/**
 * The provider has not said: the refund stays pending, free for the next request (or repeat) to ask about, or, when
 * the reconciler asked (`holdSeconds`), not asked about again before that many seconds.
 */
async function release(db: Db, refundId: number, replayed: boolean, holdSeconds = 0): Promise<RefundAnswer> {
  await db.query(
    `update refunds set sending_until = case when $2::int > 0 then now() + make_interval(secs => $2::int) end where id = $1 and status = 'pending'`,
    [refundId, holdSeconds],
  )
  const [row] = await db.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.id = $1`, [refundId])
  if (!row) throw new Error(`refund ${refundId} vanished`)
  return answerOf(row, replayed)
}

/** Records the provider's answer once (and, for a refund made, mails the customer in that same transaction). */
async function settle(
  db: Db,
  refundId: number,
  outcome: { status: 'refunded' | 'failed'; result: { code: string; description: string }; providerRefundId: string | null },
  replayed: boolean,
): Promise<RefundAnswer> {
  const { row, settledNow } = await db.transaction(async (tx) => {
    const updated = await tx.query(
      `update refunds set status = $2, result_code = $3, result_description = $4, provider_refund_id = $5, settled_at = now(), sending_until = null
       where id = $1 and status = 'pending' returning id`,
      [refundId, outcome.status, outcome.result.code, outcome.result.description, outcome.providerRefundId],
    )
    const [row] = await tx.query<RefundRow>(`select ${refundColumns} from ${refundFrom} where r.id = $1`, [refundId])
    if (!row) throw new Error(`refund ${refundId} vanished`)
    if (updated.length > 0 && outcome.status === 'refunded') {
      await queueRefundMail(tx, row)
      await pushRefundMade(tx, { refundId: row.id, orderId: Number(row.order_id), amount: Number(row.amount_cents) / 100 })
    }
    return { row, settledNow: updated.length > 0 }
  })
  if (settledNow) {
    countStaffAction('refund.make', row.status === 'refunded' ? 'done' : 'refused')
    refunds.inc({ outcome: row.status === 'refunded' ? 'refunded' : 'failed' })
  }
  return answerOf(row, replayed)
}

function answerOf(row: RefundRow, replayed: boolean): RefundAnswer {
  const refund = staffRefundOf(row)
  if (row.status === 'refunded') return { status: 201, body: { refund }, replayed }
  if (row.status === 'failed')
    return { status: 502, body: { error: `${refundMessages.refused}: ${row.result_code} ${row.result_description ?? ''}`.trim(), refund }, replayed }
  return { status: 202, body: { refund, error: refundMessages.unanswered }, replayed }
}

/** The customer's mail, in their account's language, saying what came back and when; none for an order whose customer is gone. */
async function queueRefundMail(tx: Queryable, refund: RefundRow): Promise<void> {
  const [order] = await tx.query<{ email: string; first_name: string; verified: boolean; language: string; brand: string; lastfour: string }>(
    `select c.email, c.first_name, c.email_verified_at is not null as verified, c.language, p.brand, p.lastfour
     from refunds r join orders o on o.id = r.order_id join customers c on c.id = o.customer_id join payments p on p.id = r.payment_id
     where r.id = $1`,
    [refund.id],
  )
  if (!order) return
  const [line] =
    refund.order_line === null
      ? []
      : await tx.query<{ name: string }>('select name from order_lines where order_id = $1 and number = $2', [refund.order_id, refund.order_line])
  await queueMail(tx, {
    to: order.email,
    language: storedLanguage(order.language),
    template: refundMadeMail,
    values: {
      firstName: nameToGreet(order),
      orderNumber: refund.order_number,
      amount: Number(refund.amount_cents) / 100,
      refundedAt: iso(refund.settled_at) ?? new Date().toISOString(),
      reason: refund.reason,
      line: line?.name,
      paidWith: order.lastfour ? `${order.brand} •••• ${order.lastfour}` : order.brand,
    },
  })
}
