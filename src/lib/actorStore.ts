import { useRef, useSyncExternalStore } from 'react'
import type { AnyActorRef } from 'xstate'

/** What a store needs of an actor: an XState actor has it, and so does anything built the same way (the lab's runs). */
export type ActorLike = Pick<AnyActorRef, 'getSnapshot' | 'subscribe' | 'send' | 'stop'>

type SnapshotOf<A extends ActorLike> = ReturnType<A['getSnapshot']>
type EventOf<A extends ActorLike> = Parameters<A['send']>[0]

/** A started actor, and how to stop it with whatever runs beside it (by default the actor's own stop). */
export interface Running<A extends ActorLike> {
  actor: A
  stop?: () => void
}

export interface ActorStoreOptions<A extends ActorLike, V> {
  /** Creates and starts the actor, once; usually through a dynamic import, so its code (and xstate) loads late. */
  load: () => Running<A> | Promise<Running<A>>
  /** What the store shows of a snapshot. */
  view: (snapshot: SnapshotOf<A>) => V
  /** What the server renders, and so what hydration starts from. */
  initial: V
  /** What a page shows before the actor runs, when that is not `initial`. */
  before?: () => V
  /** Two views that show the same: the older one stays, and nothing re-renders. */
  equal?: (a: V, b: V) => boolean
}

export interface ActorStore<A extends ActorLike, V> {
  readonly initial: V
  /** Starts the actor on the first call; resolves with it. On the server nothing starts and this never settles. */
  start(): Promise<A>
  /** The running actor, if it has started. */
  actor(): A | undefined
  /** Sends an event, starting the actor first: events sent while it loads arrive in order once it runs. */
  send(event: EventOf<A>): void
  /** The current view (for useSyncExternalStore and for code outside React). */
  get(): V
  subscribe(listener: () => void): () => void
  /** Resolves with the first view that satisfies `done`, starting the actor. */
  when(done: (view: V) => boolean): Promise<V>
  /** What to show until the actor runs, once known (a new device has nothing to read back); ignored once it runs. */
  presume(view: V): void
  /** Stops the actor and forgets it; the next use starts a new one (tests, and the lab's imported sessions). */
  stop(): void
}

/** Two views of the same fields that hold the same values (an `equal` for views built field by field from a snapshot). */
export const sameFields = <V extends object>(a: V, b: V): boolean => Object.keys(a).every((key) => a[key as keyof V] === b[key as keyof V])

// The server has no document: it renders `initial` and starts nothing.
const inPage = () => typeof document !== 'undefined'

/**
 * One actor behind an external store: started on first use in the page, its snapshot shown to React through
 * `useActorStore`, the server's render (and the hydration that follows it) fixed at `initial`.
 */
export function actorStore<A extends ActorLike, V>(options: ActorStoreOptions<A, V>): ActorStore<A, V> {
  let running: (Running<A> & { view: V; unsubscribe: () => void }) | undefined
  let starting: Promise<A> | undefined
  let before: { view: V } | undefined
  let queued: EventOf<A>[] = []
  // Counts stops, so an actor that finishes loading after a stop is stopped rather than used.
  let generation = 0
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of [...listeners]) listener()
  }

  const get = (): V => {
    if (running) return running.view
    if (!inPage()) return options.initial
    before ??= { view: options.before ? options.before() : options.initial }
    return before.view
  }

  const show = (current: NonNullable<typeof running>, snapshot: SnapshotOf<A>) => {
    const next = options.view(snapshot)
    if (next === current.view || options.equal?.(current.view, next)) return
    current.view = next
    if (running === current) notify()
  }

  const run = (loaded: Running<A>): A => {
    const { actor } = loaded
    const shown = get()
    const current = { ...loaded, view: shown, unsubscribe: () => {} }
    running = current
    show(current, actor.getSnapshot() as SnapshotOf<A>)
    const subscription = actor.subscribe((snapshot: SnapshotOf<A>) => show(current, snapshot))
    current.unsubscribe = () => subscription.unsubscribe()
    const waiting = queued
    queued = []
    for (const event of waiting) actor.send(event)
    return actor
  }

  const start = (): Promise<A> => {
    if (running) return Promise.resolve(running.actor)
    if (!inPage()) return new Promise<A>(() => {})
    if (!starting) {
      const mine = generation
      const adopt = (loaded: Running<A>): A => {
        if (mine === generation) return run(loaded)
        ;(loaded.stop ?? (() => loaded.actor.stop()))()
        throw new Error('The store stopped while its actor was loading.')
      }
      try {
        const loaded = options.load()
        starting = loaded instanceof Promise ? loaded.then(adopt) : Promise.resolve(adopt(loaded))
      } catch (error) {
        starting = Promise.reject(error)
      }
      // A load that failed (its chunk did not arrive) is tried again on the next use.
      const attempt = starting
      attempt.catch(() => {
        if (starting === attempt) starting = undefined
      })
    }
    return starting
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  return {
    initial: options.initial,
    start,
    actor: () => running?.actor,
    send: (event) => {
      if (running) return running.actor.send(event)
      if (!inPage()) return
      queued.push(event)
      start().catch(() => undefined)
    },
    get,
    subscribe,
    when: (done) => {
      const now = get()
      if (done(now)) return Promise.resolve(now)
      return new Promise<V>((resolve, reject) => {
        const unsubscribe = subscribe(() => {
          const view = get()
          if (!done(view)) return
          unsubscribe()
          resolve(view)
        })
        start().catch((error: unknown) => {
          unsubscribe()
          reject(error)
        })
      })
    },
    presume: (view) => {
      if (running || !inPage()) return
      before = { view }
      notify()
    },
    stop: () => {
      generation += 1
      starting = undefined
      queued = []
      before = undefined
      const current = running
      running = undefined
      if (!current) return
      current.unsubscribe()
      ;(current.stop ?? (() => current.actor.stop()))()
      notify()
    },
  }
}

/**
 * A store's view, or a part of it, for a component. The server's render and hydration use `initial`, so the first
 * paint matches the server's even when the actor already runs. (@xstate/react's useSelector takes the live snapshot
 * there, and would bring xstate into the first paint's code.)
 */
export function useActorStore<A extends ActorLike, V, T = V>(store: ActorStore<A, V>, select?: (view: V) => T): T {
  const last = useRef<{ view: V; select: unknown; value: T }>(null)
  const read = (view: V): T => {
    if (!select) return view as unknown as T
    const memo = last.current
    if (memo && memo.view === view && memo.select === select) return memo.value
    const value = select(view)
    last.current = { view, select, value }
    return value
  }
  return useSyncExternalStore(
    store.subscribe,
    () => read(store.get()),
    () => read(store.initial),
  )
}
