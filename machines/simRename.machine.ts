import { assign, fromPromise, setup } from 'xstate'
import { simNameMessages, simNameProblem } from '../src/domain/simName.ts'
import type { SimRenameEvent } from './simRename.events.ts'

export type { SimRenameEvent } from './simRename.events.ts'

export interface SimRenameInput {
  serviceId: number
}

/** What the save effect writes: the SIM and its new name, trimmed. */
export interface SimRenameSave {
  serviceId: number
  name: string
}

export interface SimRenameContext {
  serviceId: number
  /** The name the SIM showed when the dialog opened. */
  current: string
  /** What the customer has typed. */
  draft: string
  /** The message shown under the field (an English text the UI translates), or null. */
  problem: string | null
}

const trimmed = (context: SimRenameContext) => context.draft.trim()

/**
 * Update Sim Name: a dialog on the SIM's name. Saving checks the name (1-40 characters once trimmed), then writes it on
 * the phone (the `save` effect commits the fact and queues it in the outbox) and closes; the name shows at once,
 * offline too. A name left as it was closes without a write; a write the phone refuses keeps the dialog and the text.
 */
export const simRenameMachine = setup({
  types: {
    context: {} as SimRenameContext,
    events: {} as SimRenameEvent,
    input: {} as SimRenameInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(): commits v1.SimRenamed with its outbox row.
    save: fromPromise<void, SimRenameSave>(async () => {
      throw new Error('save is not provided')
    }),
  },
  actions: {
    open: assign((_, params: { name: string }) => ({ current: params.name, draft: params.name, problem: null })),
    edit: assign((_, params: { name: string }) => ({ draft: params.name, problem: null })),
    showProblem: assign({ problem: ({ context }) => simNameProblem(context.draft) }),
    showNotSaved: assign({ problem: simNameMessages.notSaved }),
    /** src/ tells the customer the name is saved (and sent, or waiting for the connection). */
    announceSaved: (_, _params: { name: string }) => {},
    /** src/ tells the customer the phone could not store it. */
    announceNotSaved: () => {},
  },
  guards: {
    invalid: ({ context }) => simNameProblem(context.draft) !== null,
    unchanged: ({ context }) => trimmed(context) === context.current.trim(),
  },
}).createMachine({
  id: 'simRename',
  context: ({ input }) => ({ serviceId: input.serviceId, current: '', draft: '', problem: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'sim.rename.open': { target: 'editing', actions: { type: 'open', params: ({ event }) => ({ name: event.name }) } } },
    },
    editing: {
      on: {
        'sim.rename.edit': { actions: { type: 'edit', params: ({ event }) => ({ name: event.name }) } },
        'sim.rename.save': [{ guard: 'invalid', actions: 'showProblem' }, { guard: 'unchanged', target: 'closed' }, { target: 'saving' }],
        'sim.rename.cancel': { target: 'closed' },
      },
    },
    saving: {
      // What is being written stays what was sent: typing, saving again or closing waits for the phone's answer.
      invoke: {
        src: 'save',
        input: ({ context }) => ({ serviceId: context.serviceId, name: trimmed(context) }),
        onDone: { target: 'closed', actions: { type: 'announceSaved', params: ({ context }) => ({ name: trimmed(context) }) } },
        onError: { target: 'editing', actions: ['showNotSaved', 'announceNotSaved'] },
      },
    },
  },
})
