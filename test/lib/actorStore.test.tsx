import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderToString } from 'react-dom/server'
import { assign, createActor, createMachine, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorStore, useActorStore } from '../../src/lib/actorStore.ts'

/** A small machine to hold in the store: a lamp that is on or off, and a count that changes nothing it shows. */
const counter = createMachine({
  types: {} as { context: { count: number }; events: { type: 'add' } | { type: 'toggle' } },
  context: { count: 0 },
  initial: 'off',
  states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } },
  on: { add: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
})
type Counter = ActorRefFrom<typeof counter>

/** A store over the lamp machine, counting loads and stops; `view` is what the lamp shows. */
function lampStore(options: { loaded?: Promise<void>; failFirst?: boolean } = {}) {
  const loads: Counter[] = []
  const stops: Counter[] = []
  let attempts = 0
  const store = actorStore({
    load: async () => {
      attempts += 1
      await options.loaded
      if (options.failFirst && attempts === 1) throw new Error('the chunk did not arrive')
      const actor = createActor(counter).start()
      loads.push(actor)
      const stop = () => {
        stops.push(actor)
        actor.stop()
      }
      return { actor, stop }
    },
    view: (snapshot: SnapshotFrom<typeof counter>) => (snapshot.matches('on') ? 'lit' : 'dark'),
    initial: 'unknown' as 'lit' | 'dark' | 'unknown',
  })
  return { store, loads, stops, attempts: () => attempts }
}

const inAPage = () => vi.stubGlobal('document', {})

afterEach(() => {
  // A test without a document is the server.
  vi.stubGlobal('document', undefined)
})

describe('an actor store on the server', () => {
  it('shows its first view and starts nothing, whatever is asked of it', async () => {
    const { store, attempts } = lampStore()
    let settled = false
    void store.start().then(() => (settled = true))
    store.send({ type: 'toggle' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).toBe(false)
    expect(attempts()).toBe(0)
    expect(store.get()).toBe('unknown')
    expect(store.actor()).toBeUndefined()
  })
})

describe('an actor store in a page', () => {
  it('starts one actor on first use, however often it is asked, and follows its snapshots', async () => {
    inAPage()
    const { store, loads } = lampStore()
    expect(store.get()).toBe('unknown')
    const [a, b] = await Promise.all([store.start(), store.start()])
    expect(a).toBe(b)
    expect(loads).toHaveLength(1)
    expect(store.get()).toBe('dark')
    store.send({ type: 'toggle' })
    expect(store.get()).toBe('lit')
    expect(await store.start()).toBe(a)
  })

  it('tells its listeners when the view changes, and only then', async () => {
    inAPage()
    const { store } = lampStore()
    const heard: string[] = []
    store.subscribe(() => heard.push(store.get()))
    const actor = await store.start()
    expect(heard).toEqual(['dark'])
    actor.send({ type: 'add' })
    expect(heard).toEqual(['dark'])
    actor.send({ type: 'toggle' })
    actor.send({ type: 'toggle' })
    expect(heard).toEqual(['dark', 'lit', 'dark'])
  })

  it('keeps events sent while the actor loads, and delivers them in order once it runs', async () => {
    inAPage()
    let arrive!: () => void
    const { store } = lampStore({ loaded: new Promise<void>((resolve) => (arrive = resolve)) })
    store.send({ type: 'toggle' })
    store.send({ type: 'toggle' })
    store.send({ type: 'toggle' })
    expect(store.get()).toBe('unknown')
    arrive()
    await store.start()
    expect(store.get()).toBe('lit')
  })

  it('shows what `before` says until the actor runs, and `initial` on the server', async () => {
    const store = actorStore({
      load: () => ({ actor: createActor(counter).start() }),
      view: (snapshot: SnapshotFrom<typeof counter>) => snapshot.value as string,
      initial: 'server',
      before: () => 'page',
    })
    expect(store.get()).toBe('server')
    inAPage()
    expect(store.get()).toBe('page')
    await store.start()
    expect(store.get()).toBe('off')
  })

  it('shows a presumed view until the actor runs, tells its listeners, and ignores one once it runs', async () => {
    inAPage()
    const { store, loads } = lampStore()
    const heard: string[] = []
    store.subscribe(() => heard.push(store.get()))
    store.presume('dark')
    expect(store.get()).toBe('dark')
    expect(heard).toEqual(['dark'])
    expect(loads).toHaveLength(0)
    await store.start()
    store.send({ type: 'toggle' })
    store.presume('dark')
    expect(store.get()).toBe('lit')
  })

  it('keeps the view it has when a new one shows the same (`equal`)', async () => {
    inAPage()
    const store = actorStore({
      load: () => ({ actor: createActor(counter).start() }),
      view: (snapshot: SnapshotFrom<typeof counter>) => ({ lit: snapshot.matches('on') }),
      initial: { lit: false },
      equal: (a, b) => a.lit === b.lit,
    })
    const actor = await store.start()
    const first = store.get()
    actor.send({ type: 'add' })
    expect(store.get()).toBe(first)
    actor.send({ type: 'toggle' })
    expect(store.get()).toEqual({ lit: true })
  })

  it('re-renders nothing when the actor, once running, shows what the page showed before it', async () => {
    inAPage()
    const store = actorStore({
      load: () => ({ actor: createActor(counter).start() }),
      view: (snapshot: SnapshotFrom<typeof counter>) => ({ lit: snapshot.matches('on') }),
      initial: { lit: false },
      equal: (a, b) => a.lit === b.lit,
    })
    const first = store.get()
    let heard = 0
    store.subscribe(() => (heard += 1))
    await store.start()
    expect(store.get()).toBe(first)
    expect(heard).toBe(0)
  })

  it('resolves `when` with the first view that satisfies it, starting the actor', async () => {
    inAPage()
    const { store, loads } = lampStore()
    const lit = store.when((view) => view === 'lit')
    await store.start()
    expect(loads).toHaveLength(1)
    store.send({ type: 'toggle' })
    expect(await lit).toBe('lit')
    expect(await store.when((view) => view === 'lit')).toBe('lit')
  })

  it('tries a load that failed again on the next use', async () => {
    inAPage()
    const { store, attempts } = lampStore({ failFirst: true })
    await expect(store.start()).rejects.toThrow('the chunk did not arrive')
    await expect(store.when((view) => view === 'dark')).resolves.toBe('dark')
    expect(attempts()).toBe(2)
  })

  it('stops the actor (with what runs beside it) and starts a new one on the next use', async () => {
    inAPage()
    const { store, loads, stops } = lampStore()
    const heard: string[] = []
    store.subscribe(() => heard.push(store.get()))
    const first = await store.start()
    store.send({ type: 'toggle' })
    store.stop()
    expect(stops).toEqual([first])
    expect(first.getSnapshot().status).toBe('stopped')
    expect(store.get()).toBe('unknown')
    expect(heard.at(-1)).toBe('unknown')
    const second = await store.start()
    expect(second).not.toBe(first)
    expect(loads).toHaveLength(2)
    expect(store.get()).toBe('dark')
  })

  it('stops an actor that finishes loading after the store was stopped, instead of using it', async () => {
    inAPage()
    let arrive!: () => void
    const { store, loads, stops } = lampStore({ loaded: new Promise<void>((resolve) => (arrive = resolve)) })
    const starting = store.start()
    store.stop()
    arrive()
    await expect(starting).rejects.toThrow()
    expect(stops).toEqual(loads)
    expect(store.actor()).toBeUndefined()
  })
})

function Lamp({ store }: { store: ReturnType<typeof lampStore>['store'] }) {
  const shown = useActorStore(store, (view) => view.toUpperCase())
  return <p>{shown}</p>
}

describe('useActorStore', () => {
  it("renders the store's first view on the server, and so in hydration, even once the actor runs", async () => {
    inAPage()
    const { store } = lampStore()
    await store.start()
    store.send({ type: 'toggle' })
    expect(store.get()).toBe('lit')
    expect(renderToString(<Lamp store={store} />)).toBe('<p>UNKNOWN</p>')
  })
})
