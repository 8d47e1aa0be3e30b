import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { simRenameMachine, type SimRenameContext } from '../../machines/simRename.machine.ts'
import { simNameMessages, simNameProblem } from '../../src/domain/simName.ts'
import { done, expectStep, failed, machineModel, modelTests, type Expected, type Step } from './model.ts'

/**
 * The rename dialog as a model: the customer opens it on the SIM's name, types a new name, a blank one, one too long
 * or the same one back, saves, cancels, and the phone stores the write or refuses it. Its effects are the
 * announcements, asserted with their params at each step; what is saved is the save effect's input.
 */

const shown = 'Home router'
const names = ['Kitchen router', '', 'x'.repeat(41), ' Home router ']
const edit = (name: string) => ({ type: 'sim.rename.edit', name }) as EventObject
const stored = done('simRename', 'saving', undefined)
const refusedWrite = failed('simRename', 'saving', new Error('QuotaExceededError'))

const events: EventObject[] = [
  { type: 'sim.rename.open', name: shown } as EventObject,
  ...names.map(edit),
  { type: 'sim.rename.save' },
  { type: 'sim.rename.cancel' },
  stored,
  refusedWrite,
]

type Snapshot = { value: unknown; context: SimRenameContext; status: string }

/** Where each step must land and what it must leave: the rules of the dialog, read again here. */
function expected({ before, event }: Step<Snapshot>): Expected {
  const c = before.context
  const stay = { value: before.value, context: c, effects: [] }
  const name = c.draft.trim()
  switch (event.type) {
    case 'sim.rename.open':
      return before.value === 'closed' ? { value: 'editing', context: { ...c, current: shown, draft: shown, problem: null }, effects: [] } : stay
    case 'sim.rename.edit':
      return before.value === 'editing' ? { ...stay, context: { ...c, draft: (event as { name: string } & EventObject).name, problem: null } } : stay
    case 'sim.rename.save':
      if (before.value !== 'editing') return stay
      if (simNameProblem(c.draft) !== null) return { ...stay, context: { ...c, problem: simNameProblem(c.draft) } }
      return name === c.current.trim() ? { ...stay, value: 'closed' } : { ...stay, value: 'saving' }
    case 'sim.rename.cancel':
      return before.value === 'editing' ? { ...stay, value: 'closed' } : stay
    case stored.type:
      return before.value === 'saving' ? { value: 'closed', context: c, effects: [{ type: 'announceSaved', params: { name } }] } : stay
    case refusedWrite.type:
      return before.value === 'saving'
        ? { value: 'editing', context: { ...c, problem: simNameMessages.notSaved }, effects: [{ type: 'announceNotSaved' }] }
        : stay
    default:
      return stay
  }
}

function check(step: Step<Snapshot>): void {
  expectStep(step, expected(step))
  // A dialog that shows a problem names one of the rule's own messages.
  if (step.after.context.problem !== null) expect(Object.values(simNameMessages)).toContain(step.after.context.problem)
  // Nothing is ever being saved that breaks the rule.
  if (step.after.value === 'saving') expect(simNameProblem(step.after.context.draft)).toBeNull()
}

const model = machineModel({
  machine: simRenameMachine,
  inputs: [{ serviceId: 7 }],
  events,
  check: check as never,
  // Simple paths type at most twice, so their number stays in the hundreds.
  followSimple: ((snapshot: Snapshot, event: EventObject) =>
    event.type !== 'sim.rename.edit' || snapshot.context.draft === shown || snapshot.context.problem !== null) as never,
  mustAccept: {
    closed: ['sim.rename.open'],
    editing: ['sim.rename.edit', 'sim.rename.save', 'sim.rename.cancel'],
    saving: [],
  },
})

describe('the rename dialog machine as a model', () => {
  modelTests(model)
})
