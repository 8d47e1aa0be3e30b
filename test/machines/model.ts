import { expect, it } from 'vitest'
import {
  getInitialMicrosteps,
  getMicrosteps,
  initialTransition,
  transition,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes } from 'xstate/graph'

/**
 * The lab's model-based testing, shared by every machine: xstate/graph walks the logic with the events a state can
 * meet (the UI's intents and each invoked effect answering or failing), and every walk is replayed from the start
 * with the pure transition API, checking the state, the context and the effects (facts written) of each step.
 */

/** An action a step asks the outside world to run, with its params: the facts written, the toasts shown. */
export interface Effect {
  type: string
  params?: unknown
}

/** One replayed step: where it started, what happened, where it ended and what it asked for. */
export interface Step<S> {
  before: S
  event: EventObject
  after: S
  effects: Effect[]
}

/** A way from the start (given `input`) through `steps`, each the event taken and the snapshot it led to. */
export interface Walk<S> {
  input: unknown
  steps: { event: EventObject; state: S }[]
}

/** A transition met by the graph: `from` + `event` gives `to`; `walk` leads to `from` and takes it. */
export interface Edge<S> {
  from: S
  event: EventObject
  to: S
  walk: Walk<S>
}

export interface Model<S> {
  logic: AnyActorLogic
  /** One walk of the graph per input (a machine started in different ways). */
  inputs: readonly unknown[]
  /** Every event the app may send or an effect may answer with; the graph offers them all in every state. */
  events: (snapshot: S) => readonly EventObject[]
  /** Which of them the graph follows from a snapshot: keeps a growing context finite (a cart of a few lines). */
  follow: (snapshot: S, event: EventObject) => boolean
  /** A stricter `follow` for simple paths, whose number grows fast with the graph. */
  followSimple: (snapshot: S, event: EventObject) => boolean
  /** The state a snapshot is in, as the tables below name it. */
  stateOf: (snapshot: S) => string
  /** Every state that must be reachable. */
  states: readonly string[]
  /** A vertex of the graph; must tell apart everything a replay compares (state and context). */
  serialize: (snapshot: S) => string
  /** The rules every step keeps: state, context and the effects (facts) it writes. */
  check: (step: Step<S>) => void
  accepts: (snapshot: S, event: EventObject) => boolean
  /** The events each state must take; a state that ignores one is a dead end. */
  mustAccept: Record<string, readonly string[] | ((snapshot: S) => readonly string[])>
  /** Fails unless the edges met take every transition the logic defines. */
  coverage: (edges: readonly Edge<S>[]) => void
}

type Snapshot = { value?: unknown; context?: unknown; status?: string }

/** What a step must leave behind, by a test's own reading of the rules (`value` only where the logic has states). */
export interface Expected {
  value?: unknown
  context: unknown
  effects: Effect[]
}

/** Asserts one step against what the rules expect of it. */
export function expectStep(step: Step<Snapshot>, want: Expected, label = `${JSON.stringify(step.before.value)} + ${step.event.type}`): void {
  if ('value' in want) expect(step.after.value, label).toEqual(want.value)
  expect(step.after.context, label).toEqual(want.context)
  expect(step.effects, label).toEqual(want.effects)
}

/** The effects of a step, without xstate's own bookkeeping (spawning and stopping invoked actors). */
const effectsOf = (actions: readonly { type: string; params?: unknown }[]): Effect[] =>
  actions.filter((a) => !a.type.startsWith('xstate.')).map((a) => (a.params === undefined ? { type: a.type } : { type: a.type, params: a.params }))

/** The graph's paths start with a made-up `xstate.init` step; the replay starts from the initial snapshot instead. */
const walkOf = <S>(input: unknown, steps: readonly { event: EventObject; state: S }[]): Walk<S> => ({
  input,
  steps: steps.filter((step, i) => !(i === 0 && step.event.type === 'xstate.init')),
})

const start = (logic: AnyActorLogic, input: unknown) => (initialTransition as (l: AnyActorLogic, i?: unknown) => [unknown, unknown[]])(logic, input)
const step = (logic: AnyActorLogic, snapshot: unknown, event: EventObject) =>
  (transition as (l: AnyActorLogic, s: unknown, e: EventObject) => [unknown, { type: string; params?: unknown }[]])(logic, snapshot, event)

/** Replays a walk from the start with the pure API: each step must land where the graph says and keep the rules. */
export function replay<S>(model: Model<S>, walk: Walk<S>): void {
  let [snapshot] = start(model.logic, walk.input) as [S, unknown]
  for (const { event, state } of walk.steps) {
    const [next, actions] = step(model.logic, snapshot, event) as [S, { type: string }[]]
    const label = `${model.stateOf(snapshot)} + ${event.type}`
    expect((next as Snapshot).value, label).toEqual((state as Snapshot).value)
    expect((next as Snapshot).context, label).toEqual((state as Snapshot).context)
    model.check({ before: snapshot, event, after: next, effects: effectsOf(actions) })
    snapshot = next
  }
}

export interface Explored<S> {
  shortest: Walk<S>[]
  simple: Walk<S>[]
  edges: Edge<S>[]
}

/** Walks the graph once per input: shortest paths to every vertex, simple paths, every edge. */
export function explore<S>(model: Model<S>): Explored<S> {
  const explored: Explored<S> = { shortest: [], simple: [], edges: [] }
  for (const input of model.inputs) {
    const options = { input, events: model.events, filterEvents: model.follow, serializeState: model.serialize } as never
    const shortest = getShortestPaths(model.logic, options).map((p) => walkOf(input, p.steps as never) as Walk<S>)
    const simple = getSimplePaths(model.logic, { ...(options as object), filterEvents: model.followSimple } as never)
    explored.shortest.push(...shortest)
    explored.simple.push(...simple.map((p) => walkOf(input, p.steps as never) as Walk<S>))
    const to = new Map(shortest.map((w) => [model.serialize((w.steps.at(-1)?.state ?? start(model.logic, input)[0]) as S), w]))
    for (const vertex of Object.values(
      getAdjacencyMap(model.logic, options) as Record<string, { state: S; transitions: Record<string, { event: EventObject; state: S }> }>,
    )) {
      const head = to.get(model.serialize(vertex.state))
      if (!head) throw new Error(`no shortest path to ${model.serialize(vertex.state)}`)
      for (const { event, state } of Object.values(vertex.transitions))
        explored.edges.push({ from: vertex.state, event, to: state, walk: { input, steps: [...head.steps, { event, state }] } })
    }
  }
  return explored
}

const isAnswer = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')

/**
 * The tests every model gets: each state reached, every shortest and simple path and every edge replayed, every
 * transition of the definition taken, and in each state the events it must accept.
 */
export function modelTests<S>(model: Model<S>): Explored<S> {
  const explored = explore(model)
  const { shortest, simple, edges } = explored

  it('reaches every state by a shortest path', () => {
    const reached = new Set(shortest.map((w) => model.stateOf(w.steps.at(-1)?.state ?? (start(model.logic, w.input)[0] as S))))
    expect([...reached].sort()).toEqual([...model.states].sort())
  })

  it('replays each shortest path with the state, context and facts the graph and the rules expect', () => {
    for (const walk of shortest) replay(model, walk)
  })

  // Thousands of replays: on a busy 2-core machine the default 5 s would fail a correct machine.
  it('replays every simple path', { timeout: 60_000 }, () => {
    expect(simple.length).toBeGreaterThanOrEqual(model.states.length)
    for (const walk of simple) replay(model, walk)
  })

  it('takes every transition of the definition, each replayed after the shortest way to it', { timeout: 60_000 }, () => {
    for (const edge of edges) replay(model, edge.walk)
    model.coverage(edges)
  })

  it('accepts in each state the events the app sends there', () => {
    const vertices = new Map(edges.map((e) => [model.serialize(e.from), e.from]))
    for (const snapshot of vertices.values()) {
      const state = model.stateOf(snapshot)
      const table = model.mustAccept[state]
      expect(table, `${state} is missing from mustAccept`).toBeDefined()
      const types = typeof table === 'function' ? table(snapshot) : (table ?? [])
      for (const type of types) {
        const offered = model.events(snapshot).filter((e) => e.type === type)
        expect(offered.length, `the model offers ${type} in ${state}`).toBeGreaterThan(0)
        // An invoked effect's every answer must be heard; an intent in at least one of its forms (a line held, not a ghost).
        const heard = offered.filter((event) => model.accepts(snapshot, event))
        if (isAnswer(type)) expect(heard, `${state} hears every answer of ${type}`).toEqual(offered)
        else expect(heard.length, `${state} accepts ${type}`).toBeGreaterThan(0)
      }
    }
  })

  return explored
}

// ---- State machines ----

/** A machine snapshot's state as a dotted path of its leaf, e.g. `card.widget.shown`. */
export function leafOf(value: unknown): string {
  if (typeof value === 'string') return value
  const [key, child] = Object.entries(value as Record<string, unknown>)[0] ?? []
  return child === undefined ? String(key) : `${key}.${leafOf(child)}`
}

/** States a snapshot never rests in: they leave at once by an unguarded `always`. */
const isTransient = (node: AnyStateNode) => node.always?.some((t) => !t.guard) ?? false

/** Every leaf state of a machine a snapshot may rest in. */
export const restingStates = (machine: AnyStateMachine): string[] =>
  getStateNodes(machine.root)
    .filter((node) => (node.type === 'atomic' || node.type === 'final') && !isTransient(node))
    .map((node) => node.path.join('.'))

/** The event an invoked actor sends when it answers (`done`) or fails (`error`); ids look like `0.cart.restoring`. */
export const done = (machineId: string, state: string, output: unknown) =>
  ({ type: `xstate.done.actor.0.${machineId}.${state}`, output }) as unknown as EventObject
export const failed = (machineId: string, state: string, error: unknown) =>
  ({ type: `xstate.error.actor.0.${machineId}.${state}`, error }) as unknown as EventObject

/** Each transition definition must be taken by some edge (or, for `always`, by some microstep). */
function definitionCoverage(machine: AnyStateMachine, inputs: readonly unknown[], edges: readonly Edge<AnyMachineSnapshot>[]): void {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  const defined = nodes.flatMap((node) => [...node.transitions.values()].flat())
  const eventless = nodes.flatMap((node) => node.always ?? [])
  const taken = new Set<AnyTransitionDefinition>()
  for (const edge of edges) for (const t of machine.getTransitionData(edge.from, edge.event)) taken.add(t)
  if (eventless.length) {
    const microsteps = [
      ...inputs.map((input) => (getInitialMicrosteps as (m: AnyStateMachine, i: unknown) => [AnyMachineSnapshot, unknown][])(machine, input)),
      ...edges.map((e) => getMicrosteps(machine, e.from, e.event)),
    ]
    for (const list of microsteps)
      list.forEach(([after], i) => {
        const before = list[i - 1]?.[0]
        for (const t of eventless)
          if (before?._nodes.includes(t.source) && !after._nodes.includes(t.source) && t.target?.every((n) => after._nodes.includes(n))) taken.add(t)
      })
  }
  const name = (t: AnyTransitionDefinition) =>
    `${t.source.path.join('.') || '(root)'} --${t.eventType || 'always'}--> ${t.target?.map((n) => n.path.join('.')).join(',') ?? '(stays)'}`
  const missed = [...defined, ...eventless].filter((t) => !taken.has(t)).map(name)
  expect(missed, 'transitions never taken').toEqual([])
}

export interface MachineModelSpec {
  machine: AnyStateMachine
  inputs?: readonly unknown[]
  /** Intents and effect answers, offered in every state: the ones a state has no transition for must change nothing. */
  events: readonly EventObject[]
  follow?: Model<AnyMachineSnapshot>['follow']
  followSimple?: Model<AnyMachineSnapshot>['followSimple']
  check: (step: Step<AnyMachineSnapshot>) => void
  mustAccept: Model<AnyMachineSnapshot>['mustAccept']
}

const always = () => true

/** A model of an XState machine: its states and transitions read from its definition. */
export function machineModel(spec: MachineModelSpec): Model<AnyMachineSnapshot> {
  const { machine } = spec
  const inputs = spec.inputs ?? [undefined]
  // A machine that reached its final state has stopped: the pure API would still move it, a running actor does not.
  const running = (rule: Model<AnyMachineSnapshot>['follow']) => (snapshot: AnyMachineSnapshot, event: EventObject) =>
    snapshot.status === 'active' && rule(snapshot, event)
  const follow = running(spec.follow ?? always)
  return {
    logic: machine,
    inputs,
    events: () => spec.events,
    follow,
    followSimple: spec.followSimple ? running(spec.followSimple) : follow,
    stateOf: (snapshot) => leafOf(snapshot.value),
    states: restingStates(machine),
    serialize: (s) => JSON.stringify({ value: s.value, context: s.context }),
    accepts: (snapshot, event) => snapshot.status === 'active' && snapshot.can(event),
    check: spec.check,
    // An invoked effect's answer and failure must always be heard, or the state waits forever.
    mustAccept: Object.fromEntries(
      Object.entries(spec.mustAccept).map(([state, own]) => [
        state,
        (snapshot: AnyMachineSnapshot) => [...answersAwaited(snapshot), ...(typeof own === 'function' ? own(snapshot) : own)],
      ]),
    ),
    coverage: (edges) => definitionCoverage(machine, inputs, edges),
  }
}

/** The done and error events of every actor a snapshot's states invoke. */
const answersAwaited = (snapshot: AnyMachineSnapshot): string[] =>
  snapshot._nodes.flatMap((node: AnyStateNode) => node.invoke.flatMap((inv) => [`xstate.done.actor.${inv.id}`, `xstate.error.actor.${inv.id}`]))
