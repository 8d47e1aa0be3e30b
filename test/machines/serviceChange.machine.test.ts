import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { errorOf, serviceChangeMachine, type Changed } from '../../machines/serviceChange.machine.ts'
import type { Service } from '../../src/domain/service.ts'
import type { CancellationQuote, PackagesAnswer } from '../../src/domain/serviceActions.ts'
import { monthly } from '../fixtures/portal.ts'
import { settling } from './settling.ts'

const packages: PackagesAnswer = {
  current: { product_id: 1, name: '4G Uncapped 10Mbps', plan: '4G Uncapped', speed: 'Up to 10Mbps', unit_price: 299 },
  current_price: 299,
  billing: 'monthly',
  effective_date: '2026-12-26T08:00:00.000Z',
  packages: [{ product_id: 3, name: '4G Uncapped 30Mbps', plan: '4G Uncapped', speed: 'Up to 30Mbps', unit_price: 479 }],
}
const quote: CancellationQuote = { billing: 'monthly', immediate: false, effective_date: '2026-12-26T08:00:00.000Z', wallet_balance: null }
const scheduled: Service = monthly({ scheduled_actions: [{ name: 'Cancellation on 2026-12-26', id: 4, kind: 'cancellation', date: quote.effective_date }] })
const offline = { offline: true, message: '' }
const refused = { offline: false, message: 'A cancellation is already scheduled for this SIM.' }

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void }

/** The real machine with every effect settled by hand, recording the calls and the announcements. */
function page() {
  const pending: Record<string, Pending> = {}
  const calls: string[] = []
  const changed: Changed[] = []
  const failures: unknown[] = []
  // Each effect answers whatever the test settles it with (typed as the machine's own actor by the cast).
  const effect = (name: string) =>
    fromPromise<unknown, unknown>(({ input }) => {
      calls.push(`${name} ${JSON.stringify(input)}`)
      return new Promise((resolve, reject) => (pending[name] = { resolve, reject }))
    }) as never
  const actor = createActor(
    serviceChangeMachine.provide({
      actors: {
        loadPackages: effect('loadPackages'),
        schedulePackage: effect('schedulePackage'),
        loadCancellation: effect('loadCancellation'),
        cancelService: effect('cancelService'),
        undoAction: effect('undoAction'),
      },
      actions: {
        announceChanged: (_, params) => void changed.push(params),
        announceFailed: (_, { error }) => void failures.push(error),
      },
    }),
    { input: { serviceId: 9 } },
  ).start()
  return {
    actor,
    calls,
    changed,
    failures,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    answer: (name: string, value: unknown) => settling(() => pending[name]!.resolve(value)),
    fail: (name: string, error: unknown) => settling(() => pending[name]!.reject(error)),
  }
}

describe('the service change machine', () => {
  it('asks for the packages, lets one of them be chosen, schedules it and announces the SIM answered', async () => {
    const p = page()
    p.actor.send({ type: 'service.package.open' })
    expect(p.state()).toEqual({ package: 'loading' })
    await p.answer('loadPackages', packages)
    expect(p.state()).toEqual({ package: 'choosing' })
    p.actor.send({ type: 'service.package.confirm' })
    expect(p.state()).toEqual({ package: 'choosing' })
    p.actor.send({ type: 'service.package.choose', productId: 6 })
    expect(p.context().chosen).toBeNull()
    p.actor.send({ type: 'service.package.choose', productId: 3 })
    p.actor.send({ type: 'service.package.confirm' })
    expect(p.state()).toEqual({ package: 'scheduling' })
    p.actor.send({ type: 'service.dialog.close' })
    expect(p.state()).toEqual({ package: 'scheduling' })
    const answered = monthly({ id: 9 })
    await p.answer('schedulePackage', answered)
    expect(p.state()).toBe('idle')
    expect(p.context()).toEqual({ serviceId: 9, packages: null, chosen: null, cancellation: null, undoing: null, error: null })
    expect(p.calls).toEqual(['loadPackages {"serviceId":9}', 'schedulePackage {"serviceId":9,"productId":3}'])
    expect(p.changed).toEqual([{ change: 'package', service: answered }])
  })

  it('keeps the choice and shows the refusal when scheduling fails; a failed question can be asked again', async () => {
    const p = page()
    p.actor.send({ type: 'service.package.open' })
    await p.fail('loadPackages', offline)
    expect(p.state()).toEqual({ package: 'failed' })
    expect(p.context().error).toEqual(offline)
    p.actor.send({ type: 'service.retry' })
    expect(p.context().error).toBeNull()
    await p.answer('loadPackages', packages)
    p.actor.send({ type: 'service.package.choose', productId: 3 })
    p.actor.send({ type: 'service.package.confirm' })
    await p.fail('schedulePackage', refused)
    expect(p.state()).toEqual({ package: 'choosing' })
    expect(p.context()).toMatchObject({ chosen: 3, error: refused })
    expect(p.changed).toEqual([])
  })

  it('tells what cancelling does before it schedules it', async () => {
    const p = page()
    p.actor.send({ type: 'service.cancel.open' })
    await p.answer('loadCancellation', quote)
    expect(p.state()).toEqual({ cancellation: 'confirming' })
    expect(p.context().cancellation).toEqual(quote)
    p.actor.send({ type: 'service.cancel.confirm' })
    expect(p.state()).toEqual({ cancellation: 'cancelling' })
    await p.answer('cancelService', scheduled)
    expect(p.state()).toBe('idle')
    expect(p.changed).toEqual([{ change: 'cancellation', service: scheduled }])
  })

  it('keeps the SIM when the customer closes the dialog, before or after the question is answered', async () => {
    const p = page()
    p.actor.send({ type: 'service.cancel.open' })
    p.actor.send({ type: 'service.dialog.close' })
    expect(p.state()).toBe('idle')
    p.actor.send({ type: 'service.cancel.open' })
    await p.answer('loadCancellation', quote)
    p.actor.send({ type: 'service.dialog.close' })
    expect(p.state()).toBe('idle')
    expect(p.calls.filter((c) => c.startsWith('cancelService'))).toEqual([])
  })

  it('undoes a scheduled action, and says why when it cannot', async () => {
    const p = page()
    p.actor.send({ type: 'service.action.undo', actionId: 4 })
    expect(p.state()).toBe('undoing')
    expect(p.context().undoing).toBe(4)
    p.actor.send({ type: 'service.package.open' })
    expect(p.state()).toBe('undoing')
    const kept = monthly({ id: 9 })
    await p.answer('undoAction', kept)
    expect(p.changed).toEqual([{ change: 'undo', service: kept }])
    p.actor.send({ type: 'service.action.undo', actionId: 4 })
    await p.fail('undoAction', refused)
    expect(p.state()).toBe('idle')
    expect(p.failures).toEqual([refused])
    expect(p.calls).toEqual(['undoAction {"serviceId":9,"actionId":4}', 'undoAction {"serviceId":9,"actionId":4}'])
  })

  it('reads any failure as the screens word it: a ChangeError as it is, anything else as no answer', () => {
    expect(errorOf(refused)).toEqual(refused)
    expect(errorOf({ offline: true, message: '' })).toEqual({ offline: true, message: '' })
    expect(errorOf(undefined)).toEqual({ offline: true, message: '' })
    expect(errorOf('boom')).toEqual({ offline: true, message: '' })
  })
})
