import * as v from 'valibot'
import { belongsTo, isDue, isTransient, nextWake } from '../../../machines/outbox.lifecycle.ts'
import { ORDER_STREAM, type Fact, type OrderFact } from '../../domain/events.ts'
import { CreateOrderRequestSchema, type Order } from '../../domain/order.ts'
import { createOrder, type CreateOrderResult } from '../../api/orders.ts'
import { saveOrder } from '../../store/orderCache.ts'
import { claimRow, openRows, settleRow } from '../../store/outbox.ts'
import type { OutboxRow } from '../../store/rows.ts'
import { newId } from '../../lib/ids.ts'
import { ORDER_CREATE } from './orderRequest.ts'
import { ADDRESS_ERROR, ORDER_NOT_CREATED } from './rejection.ts'
import { withOutboxLock } from '../../lib/outboxLock.ts'

/** What became of one queued order in a drain. */
export type DrainOutcome =
  | { clientId: string; kind: 'sent'; order: Order }
  | { clientId: string; kind: 'rejected'; reason: string; status: number }
  | { clientId: string; kind: 'waiting'; error: string }

export interface DrainResult {
  outcomes: DrainOutcome[]
  /** When the next retry is due (ms since epoch), or null. */
  wakeAt: number | null
}

export interface DrainOptions {
  /** Ignore the backoff: the connection just came back, or the app just started. */
  force?: boolean
  send?: (userId: number, request: v.InferOutput<typeof CreateOrderRequestSchema>) => Promise<CreateOrderResult>
  now?: () => Date
}

function orderFact(body: OrderFact): Fact {
  return { ...body, id: newId(), stream: ORDER_STREAM, occurredAt: new Date().toISOString(), v: 1 }
}

/** Sends the signed-in customer's due orders, one tab at a time; never another customer's. */
export function drainOrders(customerId: number, options: DrainOptions = {}): Promise<DrainResult> {
  const send = options.send ?? createOrder
  const now = options.now ?? (() => new Date())
  return withOutboxLock(async () => {
    const outcomes: DrainOutcome[] = []
    const mine = (await openRows(ORDER_CREATE)).filter((row) => belongsTo(row, customerId))
    for (const row of mine) {
      if (!isDue(row, now(), options.force ?? false)) continue
      const outcome = await sendOne(row, customerId, send, now)
      if (outcome) outcomes.push(outcome)
    }
    const left = (await openRows(ORDER_CREATE)).filter((row) => belongsTo(row, customerId))
    return { outcomes, wakeAt: nextWake(left) }
  })
}

async function sendOne(
  row: OutboxRow,
  customerId: number,
  send: NonNullable<DrainOptions['send']>,
  now: () => Date,
): Promise<DrainOutcome | undefined> {
  const clientId = row.id
  const parsed = v.safeParse(CreateOrderRequestSchema, row.request)
  if (!parsed.success) {
    const reason = ORDER_NOT_CREATED
    await settleRow(clientId, { kind: 'answered', status: 400 }, { error: reason, fact: orderFact({ type: 'v1.OrderRejected', payload: { clientId, reason, status: null } }) })
    return { clientId, kind: 'rejected', reason, status: 400 }
  }
  if (!(await claimRow(clientId))) return undefined
  const result = await send(customerId, parsed.output)
  if (result.kind === 'created') {
    const fact = orderFact({ type: 'v1.OrderAcknowledged', payload: { clientId, order: result.order } })
    await settleRow(clientId, { kind: 'answered', status: 200 }, { fact, now: now() })
    await saveOrder(customerId, result.order, result.fetchedAt).catch(() => undefined)
    return { clientId, kind: 'sent', order: result.order }
  }
  if (result.kind === 'refused' && !isTransient(result.status)) {
    const reason = result.error || ADDRESS_ERROR
    const fact = orderFact({ type: 'v1.OrderRejected', payload: { clientId, reason, status: result.status } })
    await settleRow(clientId, { kind: 'answered', status: result.status }, { fact, error: reason, now: now() })
    return { clientId, kind: 'rejected', reason, status: result.status }
  }
  const error = result.kind === 'refused' ? result.error || `HTTP ${result.status}` : result.error
  const outcome = result.kind === 'refused' ? ({ kind: 'answered', status: result.status } as const) : ({ kind: 'no-answer', error } as const)
  await settleRow(clientId, outcome, { error, now: now() })
  return { clientId, kind: 'waiting', error }
}
