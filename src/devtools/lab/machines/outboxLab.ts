import { fromPromise } from 'xstate'
import { OutboxInputSchema, outboxEventSchemas } from '../../../../machines/outbox.events.ts'
import { outboxMachine, type OutboxContext, type SendReport } from '../../../../machines/outbox.machine.ts'
import { fetchCatalogue } from '../../../api/catalogue.ts'
import { createOrder } from '../../../api/orders.ts'
import { lineFromProduct } from '../../../domain/cart.ts'
import { ORDER_STREAM } from '../../../domain/events.ts'
import { ORDER_STATUS_NEW, type Order } from '../../../domain/order.ts'
import { getSession } from '../../../lib/session.ts'
import { newId } from '../../../lib/ids.ts'
import { toCreateOrderRequest } from '../../../features/orders/orderRequest.ts'
import type { EffectMode, LabMachine } from '../labMachine.ts'
import { stamped } from './facts.ts'

const now = () => new Date().toISOString()

const labOrder = (clientId: string): Order => ({
  id: 1001,
  order_id: 1001,
  number: 'SO-1001',
  order_number: 'SO-1001',
  status: ORDER_STATUS_NEW,
  orderDate: now(),
  order_date: now(),
  total_price: 299,
  order_lines: [{ number: `${clientId.slice(0, 8)}-1`, product_id: 1, name: '4G Uncapped 10Mbps', unit_price: 299, status: '' }],
})

const labAddress = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }

/** One real attempt: the first product of the catalogue to a sample address, as the signed-in customer, keyed by the client id. */
async function sendToSandbox(clientId: string): Promise<SendReport> {
  const session = getSession()
  if (session.status !== 'customer') return { outcome: { kind: 'answered', status: 401 }, at: now(), error: 'Sign in to the storefront first.' }
  try {
    const [product] = (await fetchCatalogue()).body
    if (!product) return { outcome: { kind: 'answered', status: 422 }, at: now(), error: 'The catalogue is empty.' }
    const request = toCreateOrderRequest(clientId, { order_lines: [lineFromProduct(product, newId())], total: product.unit_price }, labAddress)
    const result = await createOrder(session.customer.id, request)
    if (result.kind === 'created') return { outcome: { kind: 'answered', status: 201 }, at: now(), answer: result.order }
    if (result.kind === 'refused') return { outcome: { kind: 'answered', status: result.status }, at: now(), error: result.error || `HTTP ${result.status}` }
    return { outcome: { kind: 'no-answer', error: result.error }, at: now() }
  } catch (error) {
    return { outcome: { kind: 'no-answer', error: error instanceof Error ? error.message : String(error) }, at: now() }
  }
}

function fakeReport(mode: EffectMode, clientId: string): SendReport {
  if (mode === 'offline') return { outcome: { kind: 'no-answer', error: 'Failed to fetch' }, at: now() }
  if (mode === 'server500') return { outcome: { kind: 'answered', status: 500 }, at: now(), error: 'Internal Server Error' }
  if (mode === 'refused') return { outcome: { kind: 'answered', status: 400 }, at: now(), error: 'An error occurred while submitting the address.' }
  return { outcome: { kind: 'answered', status: 201 }, at: now(), answer: labOrder(clientId) }
}

/** One queued order in the outbox: each attempt answered by the sandbox server or a fake; the outcome facts go to the lab log. */
export const outboxLab: LabMachine = {
  id: 'outbox',
  machine: outboxMachine,
  modes: ['succeeds', 'offline', 'server500', 'refused', 'sandbox'],
  input: { schema: OutboxInputSchema, presets: { queued: () => ({ clientId: newId(), queuedAt: now() }) } },
  events: [
    { type: 'outbox.send', schema: outboxEventSchemas['outbox.send'], template: () => ({ at: now() }) },
    // Proposes the moment the entry's wait is over, so one press moves the clock there.
    { type: 'outbox.tick', schema: outboxEventSchemas['outbox.tick'], template: (context: OutboxContext) => ({ at: context.entry.nextAttemptAt ?? now() }) },
  ],
  provide: (mode, io) =>
    outboxMachine.provide({
      actors: {
        send: fromPromise<SendReport, { clientId: string; attempt: number }>(async ({ input }) => {
          if (mode === 'sandbox') return sendToSandbox(input.clientId)
          await io.delay()
          return fakeReport(mode, input.clientId)
        }),
      },
      actions: {
        acknowledged: (_, { clientId, answer }) =>
          io.write(stamped(ORDER_STREAM, { type: 'v1.OrderAcknowledged', payload: { clientId, order: answer as Order } })),
        rejected: (_, { clientId, reason, status }) => io.write(stamped(ORDER_STREAM, { type: 'v1.OrderRejected', payload: { clientId, reason, status } })),
      },
    }),
}
