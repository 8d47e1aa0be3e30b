import { claim, isDue, nextWake, pendingEntry, settle, type OutboxEntry, type SendOutcome } from '../../../outbox/lifecycle.ts'
import { outboxEventSchemas } from '../../../../machines/outbox.events.ts'
import { outboxMachine } from '../../../../machines/outbox.machine.ts'
import { type OutboxPorts, provideOutbox } from '../../../outbox/outboxEffects.ts'
import { fetchCatalogue } from '../../../api/productCatalogue.ts'
import { createOrder } from '../../../api/orders.ts'
import { lineFromProduct } from '../../../domain/cartState.ts'
import { defined } from '../../../domain/defined.ts'
import { ORDER_STATUS_NEW, type Order } from '../../../domain/order.ts'
import type { Session } from '../../../lib/sessionStore.ts'
import { newId } from '../../../lib/ids.ts'
import { orderOutbox } from '../../../features/orders/orderOutbox.ts'
import { ORDER_CREATE, toCreateOrderRequest } from '../../../features/orders/orderRequest.ts'
import { labCustomer } from '../fakes.ts'
import type { EffectMode, LabIo, LabMachine } from '../labMachine.ts'

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

/** One attempt's outcome, the server's text, and the order it created. */
interface Attempt {
  outcome: SendOutcome
  error?: string
  order?: Order
}

/** One real attempt: the first product of the catalogue to a sample address, as the signed-in customer, keyed by the client id. */
async function sendToSandbox(clientId: string, session: Session): Promise<Attempt> {
  if (session.status !== 'customer') return { outcome: { kind: 'answered', status: 401 }, error: 'Sign in to the storefront first.' }
  try {
    const [product] = (await fetchCatalogue()).body
    if (!product) return { outcome: { kind: 'answered', status: 422 }, error: 'The catalogue is empty.' }
    const request = toCreateOrderRequest(clientId, { order_lines: [lineFromProduct(product, newId())], total: product.unit_price }, labAddress)
    const result = await createOrder(session.customer.id, request)
    if (result.kind === 'created') return { outcome: { kind: 'answered', status: 201 }, order: result.order }
    if (result.kind === 'refused') return { outcome: { kind: 'answered', status: result.status }, error: result.error || `HTTP ${result.status}` }
    return { outcome: { kind: 'no-answer', error: result.error } }
  } catch (error) {
    return { outcome: { kind: 'no-answer', error: error instanceof Error ? error.message : String(error) } }
  }
}

function fakeAttempt(mode: EffectMode, clientId: string): Attempt {
  if (mode === 'offline') return { outcome: { kind: 'no-answer', error: 'Failed to fetch' } }
  if (mode === 'server500') return { outcome: { kind: 'answered', status: 500 }, error: 'Internal Server Error' }
  if (mode === 'refused') return { outcome: { kind: 'answered', status: 400 }, error: 'An error occurred while submitting the address.' }
  return { outcome: { kind: 'answered', status: 201 }, order: labOrder(clientId) }
}

/**
 * The drain port over a pretend outbox holding one queued order of the signed-in customer: each drain sends it
 * when it is due, by the real lifecycle, and its answer's fact goes to the lab log.
 */
function labDrain(mode: EffectMode, io: LabIo): OutboxPorts['drain'] {
  const clientId = newId()
  const orders = orderOutbox()
  let entry: OutboxEntry = pendingEntry()
  return async (_kinds, input) => {
    const outcomes: unknown[] = []
    const mine = typeof input.signedIn === 'number'
    const asked = !input.only || input.only.includes(ORDER_CREATE)
    if (mine && asked && isDue(entry, new Date(), input.force ?? false)) {
      entry = claim(entry)
      if (mode !== 'sandbox') await io.delay()
      const attempt = mode === 'sandbox' ? await sendToSandbox(clientId, io.session()) : fakeAttempt(mode, clientId)
      entry = settle(entry, attempt.outcome, new Date(), attempt.error ?? null)
      // The answer's fact is the app's own order kind's (src/features/orders/orderOutbox.ts).
      const row = { ...entry, id: clientId, kind: ORDER_CREATE, request: null, createdAt: new Date().toISOString() }
      if (entry.status === 'acknowledged' && attempt.order)
        io.write(defined(orders.acknowledged?.(row, { body: attempt.order, fetchedAt: new Date().toISOString() }).fact, 'an order fact'))
      if (entry.status === 'rejected' && attempt.outcome.kind === 'answered') {
        const refusal = { status: attempt.outcome.status, error: entry.lastError ?? '', onDevice: false }
        io.write(defined(orders.rejected?.(row, refusal).fact, 'an order fact'))
      }
      outcomes.push({ clientId, ...entry })
    }
    const wakeAt = mine ? nextWake([entry]) : null
    return { outcomes: { [ORDER_CREATE]: outcomes }, wakeAt }
  }
}

/** The outbox drainer, with one queued order sent by the sandbox server or a fake; the outcome facts go to the lab log. */
export const outboxLab: LabMachine = {
  id: 'outbox',
  machine: outboxMachine,
  modes: ['succeeds', 'offline', 'server500', 'refused', 'sandbox'],
  events: [
    { type: 'outbox.started', schema: outboxEventSchemas['outbox.started'] },
    { type: 'outbox.connected', schema: outboxEventSchemas['outbox.connected'] },
    { type: 'outbox.queued', schema: outboxEventSchemas['outbox.queued'], template: () => ({ kind: ORDER_CREATE }) },
    { type: 'outbox.signedIn', schema: outboxEventSchemas['outbox.signedIn'], template: () => ({ customerId: labCustomer().id }) },
    { type: 'outbox.signedOut', schema: outboxEventSchemas['outbox.signedOut'] },
  ],
  // The kinds' toasts belong to the app's screens: the lab's drain reports to the machine only.
  provide: (mode, io) => provideOutbox({ kinds: [], drain: labDrain(mode, io), now: Date.now, drained: () => undefined }),
}
