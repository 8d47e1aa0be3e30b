import {
  createActor,
  initialTransition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type EventObject,
  type InspectionEvent,
  type Observer,
  type Subscription,
} from 'xstate'
import type { Fact } from '../../domain/events.ts'
import type { StoreDb } from '../../store/db.ts'
import { toJson, type Json } from './json.ts'
import type { EffectMode, LabIo, LabMachine } from './labMachine.ts'
import { replaySession, resolveStep, SESSION_FORMAT, type LabSessionFile, type LabStep } from './labSession.ts'
import type { Session } from '../../lib/sessionStore.ts'

/** What the lab shows of a run (its snapshot); a new object after every change. */
export interface LabView {
  steps: readonly LabStep[]
  /** The step on screen; time travel moves it, a new step moves it to the end when it was there. */
  cursor: number
  /** The machine at the cursor, for the events it accepts now. */
  snapshot: AnyMachineSnapshot
  mode: EffectMode
  input: Json | undefined
  /** Steps an imported session could not rebuild by pure replay (taken from the recording instead). */
  differs: readonly number[]
  /** The last failed write to the lab log, in the browser's words. */
  logError: string | null
}

export interface LabRunOptions {
  mode?: EffectMode
  input?: Json
  db: () => Promise<StoreDb>
  /** Writes a fact to the lab log (commit() on the lab database). */
  commit: (fact: Fact) => Promise<unknown>
  /** How long fakes take. */
  delay?: () => Promise<void>
  /** The storefront's session (the app's, in the lab page); nobody is signed in when not given. */
  session?: () => Session
}

/** An event as the tester sends it: a type and whatever it carries. */
export type LabEvent = EventObject & Record<string, unknown>

const NO_DELAY = () => Promise.resolve()

/** A step's record of one action the machine asked for; built-in bookkeeping (assign, stopping effects) is left out. */
function actionName(action: { type: string; params?: unknown }): string | null {
  if (action.type === 'xstate.spawnChild') return `invoke:${String((action.params as { src?: unknown } | undefined)?.src ?? '')}`
  return action.type.startsWith('xstate.') ? null : action.type
}

/**
 * One machine driven by hand: a real actor with the chosen effects, every step it takes recorded (event, state,
 * context, actions, facts), time travel over the recording, and export and import of the whole session.
 */
export class LabRun {
  private steps: LabStep[] = []
  private snapshots: AnyMachineSnapshot[] = []
  private cursor = 0
  private differs: number[] = []
  private logError: string | null = null
  private mode: EffectMode
  private input: Json | undefined
  private actor: AnyActorRef | null = null
  private pending: { actions: string[]; facts: Json[] } = { actions: [], facts: [] }
  private view: LabView | undefined
  /** Counts the times recorded steps were dropped (a fresh start, time travel), so a late fact finds its step. */
  private era = 0
  // One write at a time, in the order the machine asked for them.
  private writes: Promise<void> = Promise.resolve()
  private readonly listeners = new Set<() => void>()
  private readonly io: LabIo

  constructor(
    readonly lab: LabMachine,
    private readonly options: LabRunOptions,
  ) {
    this.mode = options.mode ?? lab.modes[0] ?? 'succeeds'
    this.input = options.input ?? (lab.input ? toJson(Object.values(lab.input.presets)[0]?.()) : undefined)
    this.io = {
      write: (fact) => this.write(fact),
      db: options.db,
      delay: options.delay ?? NO_DELAY,
      session: options.session ?? (() => ({ status: 'anonymous' })),
    }
  }

  /** Starts the machine afresh: a new recording whose first step is its start. */
  start(): this {
    this.era += 1
    this.steps = []
    this.snapshots = []
    this.cursor = 0
    this.differs = []
    this.launch()
    return this
  }

  /** A run rebuilt from a session file by pure replay; no effect runs until the tester sends an event. */
  static restore(lab: LabMachine, file: LabSessionFile, options: Omit<LabRunOptions, 'mode' | 'input'>): LabRun {
    return new LabRun(lab, options).replay(file)
  }

  /** Replaces the recording with a session file's, rebuilt by pure replay; no effect runs until the tester sends an event. */
  replay(file: LabSessionFile): this {
    this.stopActor()
    this.era += 1
    // A file may name effects this machine does not offer; later events then use its first.
    this.mode = this.lab.modes.includes(file.effects) ? file.effects : (this.lab.modes[0] ?? this.mode)
    if (file.input !== undefined) this.input = file.input
    const { snapshots, differs } = replaySession(this.lab.machine, file)
    this.steps = file.steps.map((step, index) => ({ ...step, value: toJson(snapshots[index]?.value), context: toJson(snapshots[index]?.context) }))
    this.snapshots = snapshots
    this.cursor = file.cursor
    this.differs = differs
    this.logError = null
    this.changed()
    return this
  }

  getSnapshot = (): LabView => {
    this.view ??= {
      steps: this.steps,
      cursor: this.cursor,
      // Before the first start: the machine's initial state, computed without running anything.
      snapshot: this.snapshots[this.cursor] ?? initialTransition(this.lab.machine, this.input)[0],
      mode: this.mode,
      input: this.input,
      differs: this.differs,
      logError: this.logError,
    }
    return this.view
  }

  /** Follows the view as an actor's snapshot is followed, so the lab's store can hold a run like any actor. */
  subscribe = (listener?: ((view: LabView) => void) | Observer<LabView>): Subscription => {
    const next = typeof listener === 'function' ? listener : listener?.next?.bind(listener)
    const notify = () => next?.(this.getSnapshot())
    this.listeners.add(notify)
    return { unsubscribe: () => void this.listeners.delete(notify) }
  }

  /**
   * Sends an event. From an earlier step (time travel) the run continues from there: later steps are dropped and
   * an actor starts from that step's state and context without re-running what was already done.
   */
  send(event: LabEvent): void {
    if (!this.actor || this.cursor < this.steps.length - 1) {
      if (this.cursor < this.steps.length - 1) this.era += 1
      this.steps = this.steps.slice(0, this.cursor + 1)
      this.snapshots = this.snapshots.slice(0, this.cursor + 1)
      const step = this.steps[this.cursor]
      if (step) this.launch(resolveStep(this.lab.machine, step))
      else this.launch()
    }
    this.actor?.send(event)
  }

  back(): void {
    this.goTo(this.cursor - 1)
  }

  forward(): void {
    this.goTo(this.cursor + 1)
  }

  goTo(index: number): void {
    if (index < 0 || index >= this.steps.length || index === this.cursor) return
    this.cursor = index
    this.changed()
  }

  /** Later events use these effects; the running actor stops, the next event continues from the step on screen. */
  setMode(mode: EffectMode): void {
    this.mode = mode
    this.stopActor()
    this.changed()
  }

  /** A new starting input (the payment page), taking effect from a fresh start. */
  setInput(input: Json): void {
    this.input = input
    this.start()
  }

  exportFile(now = new Date()): LabSessionFile {
    return {
      format: SESSION_FORMAT,
      version: 1,
      machine: this.lab.id,
      effects: this.mode,
      ...(this.input === undefined ? {} : { input: this.input }),
      exportedAt: now.toISOString(),
      cursor: this.cursor,
      steps: this.steps,
    }
  }

  stop(): void {
    this.stopActor()
    this.listeners.clear()
  }

  private stopActor(): void {
    const actor = this.actor
    this.actor = null
    actor?.stop()
  }

  private launch(from?: AnyMachineSnapshot): void {
    this.stopActor()
    this.pending = { actions: [], facts: [] }
    const machine = this.lab.provide(this.mode, this.io)
    let actor: AnyActorRef | undefined
    // A restored actor announces its (already recorded) state once on start.
    let skipFirst = from !== undefined
    const inspect = (event: InspectionEvent) => {
      if (actor === undefined || event.actorRef !== actor || this.actor !== actor) return
      if (event.type === '@xstate.action') {
        const name = actionName(event.action)
        if (name) this.pending.actions.push(name)
      } else if (event.type === '@xstate.snapshot') {
        if (skipFirst) {
          skipFirst = false
          this.pending = { actions: [], facts: [] }
          return
        }
        this.record(event.event, event.snapshot as AnyMachineSnapshot)
      }
    }
    actor = createActor(machine, {
      ...(this.input === undefined ? {} : { input: this.input }),
      ...(from ? { snapshot: this.lab.machine.getPersistedSnapshot(from) } : {}),
      inspect,
    })
    this.actor = actor
    actor.start()
  }

  private record(event: EventObject, snapshot: AnyMachineSnapshot): void {
    const following = this.cursor >= this.steps.length - 1
    const step: LabStep = {
      event: toJson(event),
      value: toJson(snapshot.value),
      context: toJson(snapshot.context),
      actions: this.pending.actions,
      facts: this.pending.facts,
      effects: this.mode,
    }
    this.pending = { actions: [], facts: [] }
    this.steps = [...this.steps, step]
    this.snapshots = [...this.snapshots, snapshot]
    if (following) this.cursor = this.steps.length - 1
    this.changed()
  }

  private write(fact: Fact | (() => Promise<Fact | null>)): void {
    if (typeof fact !== 'function') {
      this.pending.facts.push(toJson(fact))
      this.writes = this.writes
        .then(async () => {
          await this.options.commit(fact)
        })
        .catch((error: unknown) => this.failedWrite(error))
      return
    }
    // Decided later: the fact belongs to the step being taken now, recorded by the time it is known.
    const stepIndex = this.steps.length
    const era = this.era
    this.writes = this.writes
      .then(fact)
      .then(async (decided) => {
        if (!decided) return
        await this.options.commit(decided)
        // A step dropped meanwhile (time travel, a fresh start) keeps the fact in the log only.
        if (this.era === era && this.steps[stepIndex]) {
          this.steps = this.steps.map((step, index) => (index === stepIndex ? { ...step, facts: [...step.facts, toJson(decided)] } : step))
          this.changed()
        }
      })
      .catch((error: unknown) => this.failedWrite(error))
  }

  private failedWrite(error: unknown): void {
    this.logError = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    this.changed()
  }

  /** Resolves once every fact asked for so far is in the lab log (or failed). */
  written(): Promise<void> {
    return this.writes
  }

  private changed(): void {
    this.view = undefined
    for (const listener of this.listeners) listener()
  }
}
