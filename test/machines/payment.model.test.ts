import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { paymentMachine, type PaymentContext } from '../../machines/payment.machine.ts'
import { paymentStatusMachine } from '../../machines/paymentStatus.machine.ts'
import { paymentWidgetMachine } from '../../machines/paymentWidget.machine.ts'
import type { PaymentStatus, WalletPaymentAnswer } from '../../src/domain/payment.ts'
import { done, expectStep, failed, leafOf, machineModel, modelTests, type Effect, type Step } from './model.ts'
import { apiError, checkout, paymentData, statusOf, unpaidOrder, walletAnswer } from './paymentHarness.ts'

/**
 * The payment machines as models, one per page (the order, the card widget, the status page): the
 * customer's intents, the connection coming and going, and every effect answering each way it can or failing.
 * Each step must move exactly as the table below says, leave the context it describes, and commit the facts
 * (rememberCheckout, rememberResult) with their params, with no other step writing one.
 */

// The wallet's Idempotency-Key, made by the sender and carried by the event.
const KEY = '00000000-0000-4000-8000-000000000042'

const labels = new Map<EventObject, string>()
/** The machine that invokes the effect of a state: the widget page reads the checkout, the status page asks for the result. */
const machineOf = (state: string) => (state === 'card.loadingCheckout' ? 'paymentWidget' : state === 'card.awaitingResult' ? 'paymentStatus' : 'payment')
/** An effect's answer, named `<state> ← <what>` in the tables. */
function answer(state: string, what: string, outcome: { output: unknown } | { error: Error }): EventObject {
  const id = machineOf(state)
  const event = 'output' in outcome ? done(id, state, outcome.output) : failed(id, state, outcome.error)
  labels.set(event, `${state} ← ${what}`)
  return event
}

const paidOrder = { ...unpaidOrder, status: 'Paid' }
const noAnswer = new TypeError('Failed to fetch')
const card = (status: PaymentStatus) => ({ orderId: 42, checkoutId: checkout.checkoutId, method: 'card', status: status.status, result: status.result })
const wallet = (a: WalletPaymentAnswer) => ({ orderId: 42, checkoutId: null, method: 'wallet', status: a.status, result: a.result })
const cardStatus = {
  200: statusOf(200, '000.100.110', 'Request successfully processed'),
  205: statusOf(205, '000.200.000', 'Transaction pending'),
  400: statusOf(400, '800.100.151', 'Transaction declined'),
  // Succeeded at the provider, saved by the server as owed back.
  paidTwice: { ...statusOf(200, '000.000.000', 'Transaction succeeded'), recorded: 'paid_twice' as const },
  refundDue: { ...statusOf(200, '000.000.000', 'Transaction succeeded'), recorded: 'refund_due' as const },
}
const walletStatus = {
  200: walletAnswer(200, '000.100.110', 'Request successfully processed'),
  400: walletAnswer(400, '800.100.151', 'Transaction declined'),
  // Charged, saved by the server as owed back.
  paidTwice: { ...walletAnswer(200, '000.100.110', 'Request successfully processed'), recorded: 'paid_twice' as const },
  refundDue: { ...walletAnswer(200, '000.100.110', 'Request successfully processed'), recorded: 'refund_due' as const },
}

const intents: EventObject[] = [
  { type: 'payment.card.start' },
  { type: 'payment.wallet.start' },
  { type: 'payment.wallet.authorised', paymentData, key: KEY } as EventObject,
  { type: 'payment.wallet.cancelled' },
  { type: 'payment.wallet.failed', message: 'Google Pay is unavailable' } as EventObject,
  { type: 'payment.widget.loaded' },
  { type: 'payment.widget.failed', message: 'Unable to load script' } as EventObject,
  { type: 'payment.widget.retry' },
  { type: 'payment.status.check' },
  { type: 'payment.retry' },
  { type: 'payment.connection.lost' },
  { type: 'payment.connection.restored' },
]
const answers: EventObject[] = [
  answer('loadingOrder', 'unpaid', { output: { order: unpaidOrder, cached: false } }),
  answer('loadingOrder', 'cached', { output: { order: unpaidOrder, cached: true } }),
  answer('loadingOrder', 'paid', { output: { order: paidOrder, cached: false } }),
  answer('loadingOrder', '404', { error: apiError('Order not found', 404) }),
  answer('loadingOrder', 'no answer', { error: noAnswer }),
  answer('card.creatingCheckout', 'checkout', { output: checkout }),
  answer('card.creatingCheckout', '403', { error: apiError('Forbidden', 403) }),
  answer('card.creatingCheckout', 'no answer', { error: noAnswer }),
  answer('card.loadingCheckout', 'known', { output: checkout }),
  answer('card.loadingCheckout', 'unknown', { output: null }),
  answer('card.loadingCheckout', 'unreadable', { error: new Error('store closed') }),
  answer('card.awaitingResult', '200', { output: cardStatus[200] }),
  answer('card.awaitingResult', '205', { output: cardStatus[205] }),
  answer('card.awaitingResult', '400', { output: cardStatus[400] }),
  answer('card.awaitingResult', 'paid twice', { output: cardStatus.paidTwice }),
  answer('card.awaitingResult', 'refund due', { output: cardStatus.refundDue }),
  answer('card.awaitingResult', '404', { error: apiError('Checkout not found', 404) }),
  answer('card.awaitingResult', 'no answer', { error: noAnswer }),
  answer('wallet.paying', '200', { output: walletStatus[200] }),
  answer('wallet.paying', '400', { output: walletStatus[400] }),
  answer('wallet.paying', 'paid twice', { output: walletStatus.paidTwice }),
  answer('wallet.paying', 'refund due', { output: walletStatus.refundDue }),
  answer('wallet.paying', '409', { error: apiError('Order already paid', 409) }),
  answer('wallet.paying', 'no answer', { error: noAnswer }),
]

const startPaying = (from: string) => ({
  [`${from} payment.card.start`]: 'card.creatingCheckout',
  [`${from} payment.wallet.start`]: 'wallet.authorising',
  [`${from} payment.connection.lost`]: 'offline',
})

/** Every move of the machine: `<state> <event or answer>` → the state it leads to. Anything else stays put. */
const moves: Record<string, string> = {
  'loadingOrder ← unpaid': 'ready',
  'loadingOrder ← cached': 'offline',
  'loadingOrder ← paid': 'unpayable',
  'loadingOrder ← 404': 'unpayable',
  'loadingOrder ← no answer': 'loadFailed',
  'loadFailed payment.retry': 'loadingOrder',
  'loadFailed payment.connection.restored': 'loadingOrder',
  'offline payment.connection.restored': 'loadingOrder',
  ...startPaying('ready'),
  ...startPaying('wallet.failed'),
  ...startPaying('wallet.cancelled'),
  // The widget page takes the checkout over with its own machine.
  'card.creatingCheckout ← checkout': 'card.widget',
  'card.creatingCheckout ← 403': 'unpayable',
  'card.creatingCheckout ← no answer': 'ready',
  'card.loadingCheckout ← known': 'card.widget.loadingScript',
  'card.loadingCheckout ← unknown': 'card.unknownCheckout',
  'card.loadingCheckout ← unreadable': 'card.unknownCheckout',
  'card.widget.loadingScript payment.widget.loaded': 'card.widget.shown',
  'card.widget.loadingScript payment.widget.failed': 'card.widget.scriptFailed',
  'card.widget.scriptFailed payment.widget.retry': 'card.widget.loadingScript',
  'card.awaitingResult ← 200': 'card.successful',
  'card.awaitingResult ← 205': 'card.pending',
  'card.awaitingResult ← 400': 'card.failed',
  'card.awaitingResult ← paid twice': 'card.paidTwice',
  'card.awaitingResult ← refund due': 'card.refundDue',
  'card.awaitingResult ← 404': 'unpayable',
  'card.awaitingResult ← no answer': 'card.statusUnavailable',
  'card.statusUnavailable payment.status.check': 'card.awaitingResult',
  'card.statusUnavailable payment.connection.restored': 'card.awaitingResult',
  'card.pending payment.status.check': 'card.awaitingResult',
  'wallet.authorising payment.wallet.authorised': 'wallet.paying',
  'wallet.authorising payment.wallet.cancelled': 'wallet.cancelled',
  'wallet.authorising payment.wallet.failed': 'wallet.failed',
  'wallet.authorising payment.connection.lost': 'offline',
  'wallet.paying ← 200': 'wallet.successful',
  'wallet.paying ← 400': 'wallet.failed',
  'wallet.paying ← paid twice': 'wallet.paidTwice',
  'wallet.paying ← refund due': 'wallet.refundDue',
  'wallet.paying ← 409': 'unpayable',
  'wallet.paying ← no answer': 'wallet.failed',
}

type Snapshot = { value: unknown; context: PaymentContext }
type Answer = EventObject & { output?: unknown; error?: Error & { status?: number }; message?: string }
const failureOf = (error: Error & { status?: number }) => ({ message: error.message, status: error.status })

/** The facts (first) and other effects each move asks for, with their params. */
function effectsOf(key: string, event: Answer): Effect[] {
  const announceFailed = { type: 'announceFailed' }
  const status = event.output as PaymentStatus & WalletPaymentAnswer
  switch (key) {
    case 'card.creatingCheckout ← checkout':
      return [
        { type: 'rememberCheckout', params: { checkout } },
        { type: 'openWidget', params: { checkoutId: checkout.checkoutId } },
      ]
    case 'card.awaitingResult ← 200':
    case 'card.awaitingResult ← paid twice':
      return [
        { type: 'rememberResult', params: card(status) },
        { type: 'refreshOrder', params: { orderId: 42 } },
      ]
    case 'card.awaitingResult ← 205':
    case 'card.awaitingResult ← 400':
    case 'card.awaitingResult ← refund due':
      return [{ type: 'rememberResult', params: card(status) }]
    case 'wallet.paying ← 200':
      return [
        { type: 'rememberResult', params: wallet(status) },
        { type: 'refreshOrder', params: { orderId: 42 } },
        { type: 'announcePaid', params: { orderId: 42 } },
      ]
    case 'wallet.paying ← 400':
      return [{ type: 'rememberResult', params: wallet(status) }, announceFailed]
    case 'wallet.paying ← paid twice':
      return [
        { type: 'rememberResult', params: wallet(status) },
        { type: 'refreshOrder', params: { orderId: 42 } },
      ]
    case 'wallet.paying ← refund due':
      return [{ type: 'rememberResult', params: wallet(status) }]
    case 'wallet.paying ← 409':
    case 'wallet.paying ← no answer':
    case 'wallet.authorising payment.wallet.failed':
      return [announceFailed]
    case 'card.widget.loadingScript payment.widget.failed':
      return [{ type: 'reportError', params: { message: event.message } }]
    default:
      return []
  }
}

/** The context a move leaves: what it learnt (order, checkout, result, key), what went wrong, whether online. */
function contextOf(key: string, event: Answer, before: PaymentContext): PaymentContext {
  const c = { ...before }
  if (event.type === 'payment.connection.lost') c.online = false
  if (event.type === 'payment.connection.restored') c.online = true
  if (!(key in moves)) return c
  // A checkout this device cannot read is simply unknown here: nothing to report.
  if (key === 'card.loadingCheckout ← unreadable') return c
  if (event.error) return { ...c, failure: failureOf(event.error) }
  if (event.message) return { ...c, failure: { message: event.message, status: undefined } }
  if (key.startsWith('loadingOrder ←')) {
    const { order, cached } = event.output as { order: PaymentContext['order']; cached: boolean }
    return key === 'loadingOrder ← paid' ? { ...c, order } : { ...c, order, online: !cached }
  }
  if (key.startsWith('card.creatingCheckout ←') || key.startsWith('card.loadingCheckout ←'))
    return { ...c, checkout: (event.output as typeof checkout | null) ?? c.checkout }
  if (key.startsWith('card.awaitingResult ←') || key.startsWith('wallet.paying ←')) {
    const { result, order_id } = event.output as PaymentStatus
    return { ...c, result, resultOrderId: order_id }
  }
  if (event.type === 'payment.wallet.authorised') return { ...c, walletKey: KEY }
  // A new attempt to pay forgets how the last one went; it starts with nothing shown.
  if (/card\.start|wallet\.start/.test(event.type)) return { ...c, failure: null, result: null, resultOrderId: null }
  // Trying again (reloading, asking, reloading the script) forgets what went wrong.
  const tryingAgain = /retry|status\.check|restored/.test(event.type) && !key.startsWith('card.pending')
  return tryingAgain ? { ...c, failure: null } : c
}

/** `<state> <event>` for an intent, `<state> ← <what>` for an answer the state awaits; other answers are stale. */
function keyOf(from: string, event: EventObject): string {
  const label = labels.get(event)
  if (!label) return `${from} ${event.type}`
  return label.startsWith(`${from} ←`) ? label : `${from} hears a stale ${label}`
}

function check(step: Step<Snapshot>): void {
  const { before, event, after } = step
  const from = leafOf(before.value)
  const key = keyOf(from, event)
  expect(leafOf(after.value), key).toBe(moves[key] ?? from)
  expectStep(step, { context: contextOf(key, event as Answer, before.context), effects: effectsOf(key, event as Answer) }, key)
  // The page's input never changes; a wallet payment carries its key; paying from the order page needs the order.
  expect(after.context.input).toBe(before.context.input)
  if (leafOf(after.value) === 'wallet.paying') expect(after.context.walletKey).toBe(KEY)
  if (/^(ready|card\.creatingCheckout|wallet\.)/.test(leafOf(after.value))) expect(after.context.order).not.toBeNull()
}

const connection = ['payment.connection.lost', 'payment.connection.restored']
const paying = ['payment.card.start', 'payment.wallet.start', ...connection]

/**
 * Simple paths multiply with every loop the customer may take: they follow only moves, and start paying again only
 * while nothing has gone wrong yet (the edges take every other move).
 */
function followSimple({ value, context }: Snapshot, event: EventObject): boolean {
  const key = keyOf(leafOf(value), event)
  if (!(key in moves)) return false
  return !/card\.start|wallet\.start/.test(event.type) || (context.failure === null && context.walletKey === null)
}

const mustAccept = {
  loadingOrder: connection,
  loadFailed: ['payment.retry', ...connection],
  unpayable: [],
  offline: connection,
  ready: paying,
  'card.creatingCheckout': connection,
  'card.widget': connection,
  'card.loadingCheckout': connection,
  'card.unknownCheckout': connection,
  'card.widget.loadingScript': ['payment.widget.loaded', 'payment.widget.failed', ...connection],
  'card.widget.shown': connection,
  'card.widget.scriptFailed': ['payment.widget.retry', ...connection],
  'card.awaitingResult': connection,
  'card.statusUnavailable': ['payment.status.check', ...connection],
  'card.successful': connection,
  'card.pending': ['payment.status.check', ...connection],
  'card.failed': connection,
  'card.paidTwice': connection,
  'card.refundDue': connection,
  'wallet.authorising': ['payment.wallet.authorised', 'payment.wallet.cancelled', 'payment.wallet.failed', ...connection],
  'wallet.paying': connection,
  'wallet.successful': connection,
  'wallet.paidTwice': connection,
  'wallet.refundDue': connection,
  'wallet.failed': paying,
  'wallet.cancelled': paying,
}

/** Each page's machine, started as its page starts it. */
const pages = [
  { name: 'the order page', machine: paymentMachine, input: { orderId: '42', online: true } },
  { name: 'the card widget page', machine: paymentWidgetMachine, input: { checkoutId: checkout.checkoutId, online: true } },
  { name: 'the card status page', machine: paymentStatusMachine, input: { checkoutId: checkout.checkoutId, online: true } },
]

for (const { name, machine, input } of pages)
  describe(`the payment machine of ${name} as a model`, () => {
    modelTests(
      machineModel({
        machine,
        inputs: [input],
        events: [...intents, ...answers],
        check: check as never,
        followSimple: followSimple as never,
        mustAccept,
      }),
    )
  })
