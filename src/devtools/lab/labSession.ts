import * as v from 'valibot'
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type StateValue } from 'xstate'
import { canonical, fromJson, type Json } from './json.ts'
import { EFFECT_MODES, LAB_MACHINES, type EffectMode, type LabMachineId } from './labMachine.ts'

/** One step of a session: the event the machine met and where it was after it. */
export interface LabStep {
  /** The event as the machine received it (the first is xstate.init), errors kept by name, message and status. */
  event: Json
  value: Json
  context: Json
  /** What the machine asked to be done: its named actions, and "invoke:<actor>" for each effect it started. */
  actions: string[]
  /** The facts its actions wrote to the lab log. */
  facts: Json[]
  /** The effects in use when it happened. */
  effects: EffectMode
}

export const SESSION_FORMAT = 'seed-machine-lab'

/** A session as a file attached to a bug report. */
export interface LabSessionFile {
  format: typeof SESSION_FORMAT
  version: 1
  machine: LabMachineId
  effects: EffectMode
  /** The machine's input (the payment page it starts on), when it takes one. */
  input?: Json
  exportedAt: string
  /** The step on screen when exported. */
  cursor: number
  steps: LabStep[]
}

// Only schema kinds the storefront already uses: valibot is one chunk shared with the first load of /.
const JsonSchema = v.unknown() as v.GenericSchema<Json>
const EventSchema = v.pipe(
  v.record(v.string(), JsonSchema),
  v.check((event) => typeof event.type === 'string', 'An event needs a type.'),
)

const StepSchema = v.object({
  event: EventSchema,
  value: v.union([v.string(), v.record(v.string(), JsonSchema)]),
  context: JsonSchema,
  actions: v.array(v.string()),
  facts: v.array(JsonSchema),
  effects: v.picklist(EFFECT_MODES),
})

export const LabSessionFileSchema = v.pipe(
  v.object({
    format: v.literal(SESSION_FORMAT),
    version: v.literal(1),
    machine: v.picklist(LAB_MACHINES),
    effects: v.picklist(EFFECT_MODES),
    input: v.optional(JsonSchema),
    exportedAt: v.string(),
    cursor: v.pipe(v.number(), v.integer(), v.minValue(0)),
    steps: v.pipe(v.array(StepSchema), v.minLength(1)),
  }),
  v.check((file) => file.cursor < file.steps.length, 'The cursor points past the last step.'),
  v.check(
    (file) => (file.steps[0]?.event as { type?: unknown } | undefined)?.type === 'xstate.init',
    'The first step must be the machine starting (xstate.init).',
  ),
)

export type SessionRead = { ok: true; file: LabSessionFile } | { ok: false; problem: 'json' | 'shape'; detail: string }

/** Reads a session file's text; says whether it is not JSON or not a lab session. */
export function readSessionFile(text: string): SessionRead {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    return { ok: false, problem: 'json', detail: error instanceof Error ? error.message : String(error) }
  }
  const result = v.safeParse(LabSessionFileSchema, data)
  if (!result.success) {
    const [issue] = result.issues
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
    return { ok: false, problem: 'shape', detail: path ? `${path}: ${issue.message}` : issue.message }
  }
  return { ok: true, file: result.output as LabSessionFile }
}

/** Where a step left the machine, as the recording has it. */
const recorded = (step: LabStep) => canonical({ value: step.value, context: step.context })

/** A snapshot of the machine at a recorded state and context, with no effect started. */
export function resolveStep(machine: AnyStateMachine, step: Pick<LabStep, 'value' | 'context'>): AnyMachineSnapshot {
  return machine.resolveState({ value: step.value as StateValue, context: fromJson(step.context) as never })
}

export interface Replay {
  snapshots: AnyMachineSnapshot[]
  /** Steps whose pure replay did not give the recorded state and context (an effect made up a value, e.g. a random key); those are taken from the recording. */
  differs: number[]
}

/**
 * Rebuilds a session with the pure transition API: initialTransition, then transition() with each recorded event
 * (effects' answers included). Nothing runs: no actor starts, no effect is called, no fact is written.
 */
export function replaySession(machine: AnyStateMachine, file: Pick<LabSessionFile, 'input' | 'steps'>): Replay {
  const snapshots: AnyMachineSnapshot[] = []
  const differs: number[] = []
  let previous: AnyMachineSnapshot | undefined
  for (const [index, step] of file.steps.entries()) {
    const event = fromJson(step.event) as EventObject
    let next: AnyMachineSnapshot =
      previous === undefined ? initialTransition(machine, fromJson(file.input ?? null) ?? undefined)[0] : transition(machine, previous, event)[0]
    if (canonical({ value: next.value, context: next.context }) !== recorded(step)) {
      differs.push(index)
      next = resolveStep(machine, step)
    }
    snapshots.push(next)
    previous = next
  }
  return { snapshots, differs }
}
