import { describe, expect, it } from 'vitest'
import { apiError } from './paymentHarness.ts'
import { bundleHarness, bundleOrder, bundles } from './bundleHarness.ts'

const FIRST = '00000000-0000-4000-8000-000000000001'
const SECOND = '00000000-0000-4000-8000-000000000002'

describe('the bundle purchase machine', () => {
  it('loads the SIM’s bundles, buys the chosen one under the sender’s key, and opens the payment of its order', async () => {
    const h = bundleHarness()
    expect(h.state()).toBe('loading')
    expect(h.load.calls).toEqual([{ serviceId: 2 }])
    await h.load.resolve(bundles)
    expect(h.state()).toBe('choosing')
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    // Nothing chosen yet: Buy does nothing.
    expect(h.state()).toBe('choosing')
    h.actor.send({ type: 'bundle.choose', bundleId: 'data-1gb' })
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    expect(h.state()).toBe('buying')
    expect(h.buy.calls).toEqual([{ serviceId: 2, bundleId: 'data-1gb', key: FIRST }])
    await h.buy.resolve(bundleOrder)
    expect(h.state()).toBe('paying')
    expect(h.opened).toEqual([77])
    expect(h.actor.getSnapshot().status).toBe('done')
  })

  it('ignores a bundle the SIM is not offered', async () => {
    const h = bundleHarness()
    await h.load.resolve(bundles)
    h.actor.send({ type: 'bundle.choose', bundleId: 'voice-999min' })
    expect(h.context().chosen).toBeNull()
  })

  it('retries the same choice under the same key after no answer, and a new choice under a new key', async () => {
    const h = bundleHarness()
    await h.load.resolve(bundles)
    h.actor.send({ type: 'bundle.choose', bundleId: 'data-1gb' })
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    await h.buy.reject(apiError('Failed to fetch'))
    expect(h.state()).toBe('choosing')
    expect(h.context().failure).toEqual({ message: 'Failed to fetch', status: undefined })
    // The first try may have reached the server: pressing Buy again is the same purchase.
    h.actor.send({ type: 'bundle.buy', key: SECOND })
    expect(h.buy.calls.at(-1)).toEqual({ serviceId: 2, bundleId: 'data-1gb', key: FIRST })
    expect(h.context().failure).toBeNull()
    await h.buy.reject(apiError('This bundle is not offered for this SIM.', 422))
    h.actor.send({ type: 'bundle.choose', bundleId: 'sms-100' })
    h.actor.send({ type: 'bundle.buy', key: SECOND })
    expect(h.buy.calls.at(-1)).toEqual({ serviceId: 2, bundleId: 'sms-100', key: SECOND })
  })

  it('waits for the connection to buy, keeping the choice', async () => {
    const h = bundleHarness(false)
    await h.load.resolve(bundles)
    h.actor.send({ type: 'bundle.choose', bundleId: 'sms-100' })
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    expect(h.state()).toBe('choosing')
    expect(h.buy.calls).toEqual([])
    h.actor.send({ type: 'bundle.connection.restored' })
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    expect(h.state()).toBe('buying')
  })

  it('offers a retry when the bundles could not be loaded, and stops when the server refuses the SIM', async () => {
    const h = bundleHarness()
    await h.load.reject(apiError('Failed to fetch'))
    expect(h.state()).toBe('loadFailed')
    h.actor.send({ type: 'bundle.retry' })
    expect(h.state()).toBe('loading')
    expect(h.context().failure).toBeNull()
    await h.load.reject(apiError('You can only buy bundles for your own SIMs.', 403))
    expect(h.state()).toBe('refused')
    expect(h.context().failure).toEqual({ message: 'You can only buy bundles for your own SIMs.', status: 403 })
  })

  it('stops when the SIM is no longer active', async () => {
    const h = bundleHarness()
    await h.load.resolve(bundles)
    h.actor.send({ type: 'bundle.choose', bundleId: 'data-1gb' })
    h.actor.send({ type: 'bundle.buy', key: FIRST })
    await h.buy.reject(apiError('Bundles can only be added to an active SIM.', 409))
    expect(h.state()).toBe('refused')
    expect(h.opened).toEqual([])
  })
})
