import { describe, expect, it } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { cartMachine, type CartContext } from '../../machines/cart.machine.ts'
import { emptyCart, type CartState } from '../../src/domain/cartState.ts'
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
    expect(snapshot.context).toEqual({ cart: emptyCart(), storage: 'persistent', failure: null, deferred: [], pending: [] })
    expect(actions.map((a) => a.type)).toEqual(['xstate.spawnChild'])
  })

  it('becomes ready with the restored cart and runs no effect for it', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    expect(h.actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(h.cart()).toEqual(cartOf('a', 'b'))
    expect(h.actor.getSnapshot().context.storage).toBe('persistent')
    expect(h.persisted).toEqual([])
    expect(h.added).toEqual([])
  })

  it('falls back to memory when restoring fails, and reports it once', async () => {
    const h = harness()
    await h.failRestore()
    const { value, context } = h.actor.getSnapshot()
    expect(value).toEqual({ ready: 'idle' })
    expect(context.storage).toBe('memory')
    expect(context.failure).toBe('unavailable')
    expect(context.cart).toEqual(emptyCart())
    expect(h.failures).toEqual(['unavailable'])
  })

  it('reports a store that opened only in memory once, and keeps writing to it', async () => {
    const h = harness()
    await h.restore(cartOf('a'), 'unavailable')
    const { value, context } = h.actor.getSnapshot()
    expect(value).toEqual({ ready: 'idle' })
    expect(context.storage).toBe('persistent')
    expect(context.failure).toBe('unavailable')
    expect(h.failures).toEqual(['unavailable'])
    h.send(intent.add('b', line('b', fiveG)))
    await h.flush()
    expect(h.persisted.map((f) => f.type)).toEqual(['v1.CartLineAdded'])
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

  it("ignores another tab's cart while restoring, since the restore reads the latest", async () => {
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
    await h.flush()
    expect(h.cart()).toEqual({ order_lines: [line('a')], total: 299 })
    expect(h.persisted).toEqual([{ id: add.factId, stream: 'cart', occurredAt: add.occurredAt, v: 1, type: 'v1.CartLineAdded', payload: { line: line('a') } }])
    expect(h.added).toEqual([line('a')])
  })

  it('removes a line, subtracts its price and persists the removal', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    const remove = intent.remove('a')
    h.send(remove)
    await h.flush()
    expect(h.cart()).toEqual(cartOf('b'))
    expect(h.persisted).toEqual([expect.objectContaining({ id: remove.factId, type: 'v1.CartLineRemoved', payload: { cart_id: 'a' } })])
    expect(h.added).toEqual([])
  })

  it('renames a line in its first config and persists the rename', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.send(intent.rename('a', 'Home'))
    await h.flush()
    expect(h.cart().order_lines[0]?.product_configs.configs[0]).toEqual({ friendly_name: 'Home', comments: 'Free text' })
    expect(h.cart().total).toBe(299)
    expect(h.persisted).toEqual([expect.objectContaining({ type: 'v1.CartLineRenamed', payload: { cart_id: 'a', friendly_name: 'Home' } })])
  })

  it('clears the cart and persists the clearing', async () => {
    const h = harness()
    await h.restore(cartOf('a', 'b'))
    h.send(intent.clear())
    await h.flush()
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

  it('shows a line and says "added" only once its write completed', async () => {
    const h = harness()
    await h.restore()
    h.hold()
    const add = intent.add('a')
    h.send(add)
    await h.flush()
    expect(h.actor.getSnapshot().value).toEqual({ ready: 'writing' })
    expect(h.openWrites().map((f) => f.id)).toEqual([add.factId])
    expect(h.cart()).toEqual(emptyCart())
    expect(h.added).toEqual([])
    await h.completeWrite()
    expect(h.cart()).toEqual(cartOf('a'))
    expect(h.added).toEqual([line('a')])
    expect(h.actor.getSnapshot().value).toEqual({ ready: 'idle' })
  })

  it('writes facts one at a time, in order, and checks a new intent against the writes still in flight', async () => {
    const h = harness()
    await h.restore()
    h.hold()
    h.send(intent.add('a'))
    // The line is not shown yet, but it is on its way: renaming and removing it are accepted.
    h.send(intent.rename('a', 'Office'))
    h.send(intent.remove('a'))
    h.send(intent.remove('ghost'))
    await h.flush()
    expect(h.openWrites().map((f) => f.type)).toEqual(['v1.CartLineAdded'])
    await h.completeWrite()
    expect(h.cart().order_lines[0]?.product_configs.configs[0].friendly_name).toBe('')
    await h.completeWrite()
    expect(h.cart().order_lines[0]?.product_configs.configs[0].friendly_name).toBe('Office')
    await h.completeWrite()
    expect(h.cart()).toEqual(emptyCart())
    expect(h.persisted.map((f) => f.type)).toEqual(['v1.CartLineAdded', 'v1.CartLineRenamed', 'v1.CartLineRemoved'])
    expect(h.openWrites()).toEqual([])
  })

  it('does not apply or announce a fact the log already held (a tap handed on by a page that unloaded)', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.hold()
    h.send(intent.add('a'))
    await h.flush()
    await h.completeWrite(false)
    expect(h.cart()).toEqual(cartOf('a'))
    expect(h.added).toEqual([])
  })

  it('a failed write is not shown as done: the customer is told, and the cart carries on in memory', async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.hold()
    const add = intent.add('b')
    h.send(add)
    h.send(intent.add('c'))
    await h.flush()
    await h.failWrite('quota')
    const { context } = h.actor.getSnapshot()
    expect(h.notSaved.map((f) => f.id)).toEqual([add.factId])
    expect(context.storage).toBe('memory')
    expect(context.failure).toBe('quota')
    expect(h.failures).toEqual(['quota'])
    // The failed line is not in the cart; the next intent, made before the failure was known, lives in memory.
    expect(context.cart).toEqual(cartOf('a', 'c'))
    expect(h.added.map((l) => l.cart_id)).toEqual(['c'])
    expect(context.pending).toEqual([])
    // From now on nothing is written and intents apply at once.
    h.send(intent.add('d'))
    expect(h.cart()).toEqual(cartOf('a', 'c', 'd'))
    expect(h.persisted).toHaveLength(1)
  })

  it("takes another tab's cart only between its own writes", async () => {
    const h = harness()
    await h.restore(cartOf('a'))
    h.hold()
    h.send(intent.add('b'))
    await h.flush()
    h.send({ type: 'cart.synced', cart: cartOf('x') })
    expect(h.cart()).toEqual(cartOf('a'))
    await h.completeWrite()
    h.send({ type: 'cart.synced', cart: cartOf('a', 'b', 'x') })
    expect(h.cart()).toEqual(cartOf('a', 'b', 'x'))
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
      value: { ready: 'idle' },
      context: { cart: emptyCart(), storage: 'persistent', failure: null, deferred: [], pending: [], ...context },
    })

  it('queues an add for its write and invokes the writer, announcing nothing yet', () => {
    const add = intent.add('a')
    const [next, actions] = transition(cartMachine, ready(), add)
    expect(next.value).toEqual({ ready: 'writing' })
    expect(next.context.cart).toEqual(emptyCart())
    expect(next.context.pending).toEqual([expect.objectContaining({ id: add.factId, type: 'v1.CartLineAdded' })])
    expect(actions.map((a) => a.type)).toEqual(['xstate.spawnChild'])
  })

  it('applies at once and writes nothing in memory mode', () => {
    const [next, actions] = transition(cartMachine, ready({ storage: 'memory' }), intent.add('a'))
    expect(next.context.cart).toEqual(cartOf('a'))
    expect(next.value).toEqual({ ready: 'idle' })
    expect(actions.map((a) => [a.type, a.params])).toEqual([['notifyAdded', { line: line('a') }]])
  })

  it('gives the same fact for the same intent, so replays are deterministic', () => {
    const rename = intent.rename('a', 'Office')
    const start = ready({ cart: cartOf('a') })
    const [first] = transition(cartMachine, start, rename)
    const [second] = transition(cartMachine, start, rename)
    expect(first.context.pending).toEqual(second.context.pending)
    expect(first.context.pending[0]).toMatchObject({ id: rename.factId, occurredAt: rename.occurredAt })
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
