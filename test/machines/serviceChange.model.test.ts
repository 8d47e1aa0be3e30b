import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { serviceChangeMachine, type ServiceChangeContext } from '../../machines/serviceChange.machine.ts'
import type { CancellationQuote, PackagesAnswer } from '../../src/domain/serviceActions.ts'
import { monthly } from '../fixtures/portal.ts'
import { done, expectStep, failed, leafOf, machineModel, modelTests, type Expected, type Step } from './model.ts'

/**
 * Upgrade/Downgrade, Cancel Service and Undo as a model: the customer opens either dialog, picks a package (one the
 * list offers, or one it does not), confirms, closes, retries, undoes; every call answers or fails (offline for the
 * questions, refused for the changes). The effects are the announcements, asserted with their params at each step.
 */

const packages: PackagesAnswer = {
  current: { product_id: 1, name: '4G Uncapped 10Mbps', plan: '4G Uncapped', speed: 'Up to 10Mbps', unit_price: 299 },
  current_price: 299,
  billing: 'monthly',
  effective_date: '2026-12-26T08:00:00.000Z',
  packages: [{ product_id: 3, name: '4G Uncapped 30Mbps', plan: '4G Uncapped', speed: 'Up to 30Mbps', unit_price: 479 }],
}
const quote: CancellationQuote = { billing: 'monthly', immediate: false, effective_date: '2026-12-26T08:00:00.000Z', wallet_balance: null }
const service = monthly({ id: 9 })
const offline = { offline: true, message: '' }
const refused = { offline: false, message: 'A cancellation is already scheduled for this SIM.' }

const answers = {
  loadPackages: [done('serviceChange', 'package.loading', packages), failed('serviceChange', 'package.loading', offline)],
  schedulePackage: [done('serviceChange', 'package.scheduling', service), failed('serviceChange', 'package.scheduling', refused)],
  loadCancellation: [done('serviceChange', 'cancellation.loading', quote), failed('serviceChange', 'cancellation.loading', offline)],
  cancelService: [done('serviceChange', 'cancellation.cancelling', service), failed('serviceChange', 'cancellation.cancelling', refused)],
  undoAction: [done('serviceChange', 'undoing', service), failed('serviceChange', 'undoing', refused)],
}
/** Each answer's event type, to the state it answers and whether it succeeded. */
const byType = new Map<string, { ok: boolean; state: string }>(
  Object.values(answers).flatMap(([ok, ko]) => [
    [ok!.type, { ok: true, state: ok!.type.replace('xstate.done.actor.0.serviceChange.', '') }],
    [ko!.type, { ok: false, state: ko!.type.replace('xstate.error.actor.0.serviceChange.', '') }],
  ]),
)

const choose = (productId: number) => ({ type: 'service.package.choose', productId }) as EventObject
const events: EventObject[] = [
  { type: 'service.package.open' },
  choose(3),
  choose(6),
  { type: 'service.package.confirm' },
  { type: 'service.cancel.open' },
  { type: 'service.cancel.confirm' },
  { type: 'service.action.undo', actionId: 4 } as EventObject,
  { type: 'service.retry' },
  { type: 'service.dialog.close' },
  ...Object.values(answers).flat(),
]

type Snapshot = { value: unknown; context: ServiceChangeContext; status: string }

const fresh: ServiceChangeContext = { serviceId: 9, packages: null, chosen: null, cancellation: null, undoing: null, error: null }
/** A state as the machine's value: 'idle', or { package: 'loading' }. */
const machineValue = (leaf: string): unknown => {
  const [parent, child] = leaf.split('.')
  return child ? { [parent!]: child } : parent
}

/** Where each step must land and what it must leave: the rules of the three actions, read again here. */
function expected({ before, event }: Step<Snapshot>): Expected {
  const c = before.context
  const at = leafOf(before.value)
  const stay = { value: before.value, context: c, effects: [] }
  const go = (leaf: string, context: ServiceChangeContext = c, effects: Expected['effects'] = []) => ({ value: machineValue(leaf), context, effects })
  const closable = ['package.loading', 'package.failed', 'package.choosing', 'cancellation.loading', 'cancellation.failed', 'cancellation.confirming']
  switch (event.type) {
    case 'service.package.open':
      return at === 'idle' ? go('package.loading') : stay
    case 'service.cancel.open':
      return at === 'idle' ? go('cancellation.loading') : stay
    case 'service.action.undo':
      return at === 'idle' ? go('undoing', { ...c, undoing: 4 }) : stay
    case 'service.package.choose': {
      const productId = (event as EventObject & { productId: number }).productId
      return at === 'package.choosing' && productId === 3 ? go(at, { ...c, chosen: 3, error: null }) : stay
    }
    case 'service.package.confirm':
      // Sending again clears the last refusal.
      return at === 'package.choosing' && c.chosen !== null ? go('package.scheduling', { ...c, error: null }) : stay
    case 'service.cancel.confirm':
      return at === 'cancellation.confirming' ? go('cancellation.cancelling', { ...c, error: null }) : stay
    case 'service.retry':
      return at.endsWith('.failed') ? go(at.replace('failed', 'loading'), { ...c, error: null }) : stay
    case 'service.dialog.close':
      return closable.includes(at) ? go('idle', fresh) : stay
  }
  const answer = byType.get(event.type)
  if (!answer || answer.state !== at) return stay
  const error = (event as EventObject & { error?: unknown }).error
  switch (`${at} ${answer.ok}`) {
    case 'package.loading true':
      return go('package.choosing', { ...c, packages, chosen: null, error: null })
    case 'cancellation.loading true':
      return go('cancellation.confirming', { ...c, cancellation: quote, error: null })
    case 'package.loading false':
    case 'cancellation.loading false':
      return go(at.replace('loading', 'failed'), { ...c, error: offline })
    case 'package.scheduling true':
      return go('idle', fresh, [{ type: 'announceChanged', params: { change: 'package', service } }])
    case 'cancellation.cancelling true':
      return go('idle', fresh, [{ type: 'announceChanged', params: { change: 'cancellation', service } }])
    case 'undoing true':
      return go('idle', fresh, [{ type: 'announceChanged', params: { change: 'undo', service } }])
    case 'package.scheduling false':
      return go('package.choosing', { ...c, error: refused })
    case 'cancellation.cancelling false':
      return go('cancellation.confirming', { ...c, error: refused })
    case 'undoing false':
      expect(error).toEqual(refused)
      return go('idle', fresh, [{ type: 'announceFailed', params: { error: refused } }])
    default:
      return stay
  }
}

function check(step: Step<Snapshot>): void {
  expectStep(step, expected(step))
  const { value, context } = step.after
  // Nothing is scheduled that the list did not offer.
  if (leafOf(value) === 'package.scheduling') expect(context.packages?.packages.map((p) => p.product_id)).toContain(context.chosen)
  // Back at rest, no dialog's leftovers remain.
  if (value === 'idle') expect(context).toEqual(fresh)
}

const model = machineModel({
  machine: serviceChangeMachine,
  inputs: [{ serviceId: 9 }],
  events,
  check: check as never,
  // Simple paths: one round of each dialog, a refused choice at most once.
  followSimple: ((snapshot: Snapshot, event: EventObject) =>
    !(event.type === 'service.package.choose' && (event as EventObject & { productId: number }).productId === 6 && snapshot.context.chosen !== null)) as never,
  mustAccept: {
    idle: ['service.package.open', 'service.cancel.open', 'service.action.undo'],
    'package.loading': ['service.dialog.close'],
    'package.failed': ['service.retry', 'service.dialog.close'],
    // Schedule change is offered once a package is chosen.
    'package.choosing': (snapshot) =>
      (snapshot.context as ServiceChangeContext).chosen === null
        ? ['service.package.choose', 'service.dialog.close']
        : ['service.package.choose', 'service.package.confirm', 'service.dialog.close'],
    'package.scheduling': [],
    'cancellation.loading': ['service.dialog.close'],
    'cancellation.failed': ['service.retry', 'service.dialog.close'],
    'cancellation.confirming': ['service.cancel.confirm', 'service.dialog.close'],
    'cancellation.cancelling': [],
    undoing: [],
  },
})

describe('the service change machine as a model', () => {
  modelTests(model)
})
