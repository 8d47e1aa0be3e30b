import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { cartMachine, type CartContext } from '../../machines/cart.machine.ts'
import { emptyCart, type CartState } from '../../src/domain/cart.ts'
import { fiveG, line, lte } from '../store/fixtures.ts'
import { harness, intent } from './cartHarness.ts'

const cartOf = (...cartIds: string[]): CartState => ({
  order_lines: cartIds.map((id) => line(id)),
  total: cartIds.length * lte.unit_price,
})

describe('the cart machine while restoring', () => {
  it('starts by restoring with an empty cart and spawning the restore actor', () => {
    const [snapshot, actions] = initialTransition(cartMachine)
    expect(snapshot.value).toBe('restoring')
    expect(snapshot.context).toEqual({ cart: emptyCart(), storage: 'persistent', failure: null, deferred: [] })
    expect(actions.map((a) => a.type)).toEqual(['xstate.spawnChild'])
  })

  it('becomes ready with the restored cart and runs no effect for it', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    expect(h.actor.getSnapshot().value).toBe('ready')
    expect(h.cart()).toEqual(cartOf('a', 'b'))
    expect(h.actor.getSnapshot().context.storage).toBe('persistent')
    expect(h.persisted).toEqual([])
    expect(h.added).toEqual([])
  })

  it('falls back to memory when restoring fails, and reports it once', async () => {
    const h = harness()
    await h.failRestore()
    const { value, context } = h.actor.getSnapshot()
    expect(value).toBe('ready')
    expect(context.storage).toBe('memory')
    expect(context.failure).toBe('unavailable')
    expect(context.cart).toEqual(emptyCart())
    expect(h.failures).toEqual(['unavailable'])
  })

  it('keeps intents sent while restoring and applies them after the stored cart, in order', async () => {
    const h = harness()
    h.send(intent.add('c', line('c', fiveG)))
    h.send(intent.rename('a', 'Granny flat'))
    h.send(intent.remove('b'))
    expect(h.cart()).toEqual(emptyCart())
    expect(h.persisted).toEqual([])
    await h.restore(cartOf('a', 'b'))
    expect(h.cart().order_lines.map((l) => l.cart_id)).toEqual(['a', 'c'])
    expect(h.cart().total).toBe(299 + 1299)
    expect(h.cart().order_lines[0]?.product_configs.configs[0].friendly_name).toBe('Granny flat')
    expect(h.persisted.map((f) => f.type)).toEqual(['v1.CartLineAdded', 'v1.CartLineRenamed', 'v1.CartLineRemoved'])
    expect(h.added.map((l) => l.cart_id)).toEqual(['c'])
    expect(h.actor.getSnapshot().context.deferred).toEqual([])
  })

  it('drops a deferred removal of a line the restored cart does not hold', async () => {
    const h = harness()
    h.send(intent.remove('ghost'))
    h.send(intent.rename('ghost', 'x'))
    await h.restore(cartOf('a'))
    expect(h.cart()).toEqual(cartOf('a'))
    expect(h.persisted).toEqual([])
  })

  it('applies deferred intents in memory, without persisting, when restoring fails', async () => {
    const h = harness()
    h.send(intent.add('a'))
    await h.failRestore()
    expect(h.cart()).toEqual(cartOf('a'))
    expect(h.persisted).toEqual([])
    expect(h.added.map((l) => l.cart_id)).toEqual(['a'])
  })

  it('ignores another tab\'s cart while restoring, since the restore reads the latest', async () => {
    const h = harness()
    h.send({ type: 'cart.synced', cart: cartOf('x') })
    await h.restore(cartOf('a'))
    expect(h.cart()).toEqual(cartOf('a'))
  })
})

describe('the cart machine when ready', () => {
  it('adds a line, raises the total, persists the fact and announces the addition', async () => {
    const h = harness()
    await h.restore()
    const add = intent.add('a')
    h.send(add)
    expect(h.cart()).toEqual({ order_lines: [line('a')], total: 299 })
    expect(h.persisted).toEqual([
      { id: add.factId, stream: 'cart', occurredAt: add.occurredAt, v: 1, type: 'v1.CartLineAdded', payload: { line: line('a') } },
    ])
    expect(h.added).toEqual([line('a')])
  })

  it('removes a line, subtracts its price and persists the removal', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    const remove = intent.remove('a')
    h.send(remove)
    expect(h.cart()).toEqual(cartOf('b'))
    expect(h.persisted).toEqual([expect.objectContaining({ id: remove.factId, type: 'v1.CartLineRemoved', payload: { cart_id: 'a' } })])
    expect(h.added).toEqual([])
  })

  it('renames a line in its first config and persists the rename', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.send(intent.rename('a', 'Home'))
    expect(h.cart().order_lines[0]?.product_configs.configs[0]).toEqual({ friendly_name: 'Home', comments: 'Free text' })
    expect(h.cart().total).toBe(299)
    expect(h.persisted).toEqual([
      expect.objectContaining({ type: 'v1.CartLineRenamed', payload: { cart_id: 'a', friendly_name: 'Home' } }),
    ])
  })

  it('clears the cart and persists the clearing', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    h.send(intent.clear())
    expect(h.cart()).toEqual(emptyCart())
    expect(h.persisted).toEqual([expect.objectContaining({ type: 'v1.CartCleared', payload: {} })])
  })

  it('ignores removing or renaming a line it does not hold, recording nothing', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    const before = h.cart()
    h.send(intent.remove('ghost'))
    h.send(intent.rename('ghost', 'x'))
    expect(h.cart()).toBe(before)
    expect(h.persisted).toEqual([])
  })

  it('switches to memory on a storage failure, reports it, and stops persisting', async () => {
    const h = harness()
    await h.restore()
    h.send({ type: 'cart.storage.failed', reason: 'quota' })
    h.send(intent.add('a'))
    const { context } = h.actor.getSnapshot()
    expect(context.storage).toBe('memory')
    expect(context.failure).toBe('quota')
    expect(context.cart).toEqual(cartOf('a'))
    expect(h.persisted).toEqual([])
    expect(h.added.map((l) => l.cart_id)).toEqual(['a'])
    expect(h.failures).toEqual(['quota'])
  })

  it('reports a storage failure only once', async () => {
    const h = harness()
    await h.restore()
    h.send({ type: 'cart.storage.failed', reason: 'quota' })
    h.send({ type: 'cart.storage.failed', reason: 'write-failed' })
    expect(h.failures).toEqual(['quota'])
    expect(h.actor.getSnapshot().context.failure).toBe('quota')
  })

  it('adopts the cart another tab stored, without persisting it again', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.send({ type: 'cart.synced', cart: cartOf('a', 'b') })
    expect(h.cart()).toEqual(cartOf('a', 'b'))
    expect(h.persisted).toEqual([])
  })

  it('keeps its own cart in memory mode when another tab syncs', async () => {
    const h = harness()
    await h.failRestore()
    h.send(intent.add('mine'))
    h.send({ type: 'cart.synced', cart: cartOf('theirs') })
    expect(h.cart()).toEqual(cartOf('mine'))
  })
})

describe('the cart machine as a pure function', () => {
  const ready = (context: Partial<CartContext> = {}) =>
    cartMachine.resolveState({
      value: 'ready',
      context: { cart: emptyCart(), storage: 'persistent', failure: null, deferred: [], ...context },
    })

  it('lists persist and notifyAdded for an add, and runs neither', () => {
    const add = intent.add('a')
    const [next, actions] = transition(cartMachine, ready(), add)
    expect(next.context.cart.total).toBe(299)
    expect(actions.map((a) => [a.type, a.params])).toEqual([
      ['persist', expect.objectContaining({ id: add.factId, type: 'v1.CartLineAdded' })],
      ['notifyAdded', { line: line('a') }],
    ])
  })

  it('lists no persist in memory mode', () => {
    const [next, actions] = transition(cartMachine, ready({ storage: 'memory' }), intent.remove('a'))
    expect(next.context.cart).toEqual(emptyCart())
    expect(actions).toEqual([])
  })

  it('gives the same fact for the same intent, so replays are deterministic', () => {
    const rename = intent.rename('a', 'Office')
    const start = ready({ cart: cartOf('a') })
    const [, first] = transition(cartMachine, start, rename)
    const [, second] = transition(cartMachine, start, rename)
    expect(first.map((a) => a.params)).toEqual(second.map((a) => a.params))
    expect(first[0]?.params).toMatchObject({ id: rename.factId, occurredAt: rename.occurredAt })
  })

  it('defers an intent while restoring instead of applying it', () => {
    const [restoring] = initialTransition(cartMachine)
    const add = intent.add('a')
    const [next, actions] = transition(cartMachine, restoring, add)
    expect(next.value).toBe('restoring')
    expect(next.context.cart).toEqual(emptyCart())
    expect(next.context.deferred).toEqual([expect.objectContaining({ id: add.factId, type: 'v1.CartLineAdded' })])
    expect(actions).toEqual([])
  })
})
