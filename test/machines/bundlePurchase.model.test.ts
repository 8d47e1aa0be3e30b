import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { bundlePurchaseMachine, type BundlePurchaseContext } from '../../machines/bundlePurchase.machine.ts'
import { done, expectStep, failed, leafOf, machineModel, modelTests, type Effect, type Step } from './model.ts'
import { apiError } from './paymentHarness.ts'
import { bundleOrder, bundles } from './bundleHarness.ts'

/**
 * The bundle purchase (ADD VAS) as a model: the SIM's bundles load (or fail, or are refused), the customer picks one
 * (or a bundle that is not offered), buys with a new key from the sender, and the server starts the purchase, refuses
 * it, or does not answer; the connection comes and goes. A retry of the same choice must reuse the key of the try
 * before (the server may have started it), a new choice takes the new key, and only a started purchase opens the
 * payment page.
 */

// The keys the sender makes for each press of Buy; the model offers two, to tell a reused key from a new one.
const FIRST = '00000000-0000-4000-8000-000000000001'
const SECOND = '00000000-0000-4000-8000-000000000002'

const labels = new Map<EventObject, string>()
function answer(state: string, what: string, outcome: { output: unknown } | { error: Error }): EventObject {
  const event = 'output' in outcome ? done('bundlePurchase', state, outcome.output) : failed('bundlePurchase', state, outcome.error)
  labels.set(event, `${state} ← ${what}`)
  return event
}

const noAnswer = apiError('Failed to fetch')
const intents: EventObject[] = [
  { type: 'bundle.choose', bundleId: 'data-1gb' } as EventObject,
  { type: 'bundle.choose', bundleId: 'sms-100' } as EventObject,
  { type: 'bundle.choose', bundleId: 'voice-999min' } as EventObject,
  { type: 'bundle.buy', key: FIRST } as EventObject,
  { type: 'bundle.buy', key: SECOND } as EventObject,
  { type: 'bundle.retry' },
  { type: 'bundle.connection.lost' },
  { type: 'bundle.connection.restored' },
]
const answers: EventObject[] = [
  answer('loading', 'bundles', { output: bundles }),
  answer('loading', '403', { error: apiError('You can only buy bundles for your own SIMs.', 403) }),
  answer('loading', 'no answer', { error: noAnswer }),
  answer('buying', 'order', { output: bundleOrder }),
  answer('buying', '409', { error: apiError('Bundles can only be added to an active SIM.', 409) }),
  answer('buying', '422', { error: apiError('This bundle is not offered for this SIM.', 422) }),
  answer('buying', 'no answer', { error: noAnswer }),
]

/** Every move: `<state> <event or answer>` → the state it leads to. Anything else stays put. */
const moves: Record<string, string> = {
  'loading ← bundles': 'choosing',
  'loading ← 403': 'refused',
  'loading ← no answer': 'loadFailed',
  'loadFailed bundle.retry': 'loading',
  'loadFailed bundle.connection.restored': 'loading',
  'buying ← order': 'paying',
  'buying ← 409': 'refused',
  'buying ← 422': 'choosing',
  'buying ← no answer': 'choosing',
}

type Snapshot = { value: unknown; context: BundlePurchaseContext }
type Answer = EventObject & { output?: unknown; error?: Error & { status?: number }; bundleId?: string; key?: string }

const offered = (c: BundlePurchaseContext, id: string | undefined) => c.bundles.some((b) => b.id === id)
const canBuy = (c: BundlePurchaseContext) => c.online && c.chosen !== null

/** `<state> <event>` for an intent, `<state> ← <what>` for an answer the state awaits; other answers are stale. */
function keyOf(from: string, event: EventObject): string {
  const label = labels.get(event)
  if (!label) return `${from} ${event.type}`
  return label.startsWith(`${from} ←`) ? label : `${from} hears a stale ${label}`
}

/** Where a step goes: the table, plus choosing's own rules (an offered choice stays; Buy needs a choice and the connection). */
function targetOf(from: string, key: string, event: Answer, c: BundlePurchaseContext): string {
  if (from === 'choosing' && event.type === 'bundle.buy') return canBuy(c) ? 'buying' : from
  return moves[key] ?? from
}

function contextOf(from: string, key: string, event: Answer, before: BundlePurchaseContext): BundlePurchaseContext {
  const c = { ...before }
  if (event.type === 'bundle.connection.lost') c.online = false
  if (event.type === 'bundle.connection.restored') c.online = true
  if (from === 'choosing' && event.type === 'bundle.choose' && offered(c, event.bundleId)) return { ...c, chosen: event.bundleId ?? null, failure: null }
  if (from === 'choosing' && event.type === 'bundle.buy' && canBuy(c)) {
    // The same choice tried before keeps its key; a first try or another choice takes the sender's new one.
    const reuse = c.key !== null && c.keyFor === c.chosen
    return reuse ? { ...c, failure: null } : { ...c, key: event.key ?? null, keyFor: c.chosen, failure: null }
  }
  if (!(key in moves)) return c
  if (event.error) return { ...c, failure: { message: event.error.message, status: event.error.status } }
  if (key === 'loading ← bundles') return { ...c, bundles }
  if (key === 'buying ← order') return { ...c, orderId: Number(bundleOrder.id) }
  // Asking again forgets what went wrong.
  return { ...c, failure: null }
}

function effectsOf(key: string): Effect[] {
  return key === 'buying ← order' ? [{ type: 'openPayment', params: { orderId: Number(bundleOrder.id) } }] : []
}

function check(step: Step<Snapshot>): void {
  const { before, event, after } = step
  const from = leafOf(before.value)
  const key = keyOf(from, event)
  expect(leafOf(after.value), key).toBe(targetOf(from, key, event as Answer, before.context))
  expectStep(step, { context: contextOf(from, key, event as Answer, before.context), effects: effectsOf(key) }, key)
  // A purchase leaves only for a bundle the SIM is offered, online, under a key made for that choice.
  if (leafOf(after.value) === 'buying' && from !== 'buying') {
    expect(offered(after.context, after.context.chosen ?? undefined)).toBe(true)
    expect(after.context.online).toBe(true)
    expect(after.context.keyFor).toBe(after.context.chosen)
  }
  // The SIM never changes, and the payment page opens only with the order the server answered.
  expect(after.context.serviceId).toBe(before.context.serviceId)
  if (leafOf(after.value) === 'paying') expect(after.context.orderId).toBe(Number(bundleOrder.id))
}

const connection = ['bundle.connection.lost', 'bundle.connection.restored']

/**
 * Simple paths multiply with every loop: they change the choice and press Buy only in ways that move something, and
 * lose or regain the connection only before the first try (the edges take every other move).
 */
function followSimple({ value, context }: Snapshot, event: EventObject): boolean {
  const e = event as Answer
  const state = leafOf(value)
  // A choice changes before the first try or after a failed one; the sender's first key is FIRST, any later one SECOND.
  if (e.type === 'bundle.choose')
    return state === 'choosing' && context.chosen !== e.bundleId && offered(context, e.bundleId) && (context.key === null || context.failure !== null)
  if (e.type === 'bundle.buy') return state === 'choosing' && canBuy(context) && e.key === (context.key === null ? FIRST : SECOND)
  if (e.type === 'bundle.connection.lost') return context.online && context.key === null
  if (e.type === 'bundle.connection.restored') return !context.online && context.key === null
  return keyOf(state, event) in moves
}

const model = machineModel({
  machine: bundlePurchaseMachine,
  inputs: [
    { serviceId: 2, online: true },
    { serviceId: 2, online: false },
  ],
  events: [...intents, ...answers],
  check: check as never,
  followSimple: followSimple as never,
  mustAccept: {
    loading: connection,
    loadFailed: ['bundle.retry', ...connection],
    // Buy is taken once a bundle is chosen and while online; the button is disabled otherwise.
    choosing: (s) => ['bundle.choose', ...(canBuy((s as unknown as Snapshot).context) ? ['bundle.buy'] : []), ...connection],
    buying: connection,
    paying: [],
    refused: [],
  },
})

describe('the bundle purchase machine as a model', () => {
  modelTests(model)
})
