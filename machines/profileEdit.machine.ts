import { assign, fromPromise, setup } from 'xstate'
import type { FieldErrors } from '../src/domain/fieldErrors.ts'
import { profileChanges, profileFormErrors, type ProfileChanges, type ProfileValues } from '../src/domain/profileForm.ts'
import { carried, failureOf } from './failure.ts'
import type { ProfileEditEvent, ProfileEditInput, ProfileRefusal } from './profileEdit.events.ts'

export type { ProfileEditEvent, ProfileEditInput, ProfileRefusal } from './profileEdit.events.ts'

/** What saving did: the queued edit's id (null when only the email changed), whether it still waits, the email to confirm. */
export interface SaveOutcome {
  editId: string | null
  queued: boolean
  pendingEmail: string | null
}

export interface ProfileEditContext {
  /** The account as it was shown when editing began. */
  current: ProfileValues
  /** What the customer typed. */
  values: ProfileValues
  /** The current password, asked only to change the email; it lives here and in the request, never on the device. */
  password: string
  /** Messages per field (the validation texts and the server's, in English). */
  errors: FieldErrors
  /** The last refusal, shown above the form until the next save. */
  refusal: ProfileRefusal | null
  outcome: SaveOutcome | null
}

/** A refusal from whatever the save effect threw: its own reason, field and edit, else the failure's message. */
const refusalOf = (error: unknown): ProfileRefusal => ({
  reason: carried(error, 'reason') ?? failureOf(error).message,
  field: carried(error, 'field'),
  editId: carried(error, 'editId'),
})

const withRefusal = (context: ProfileEditContext, refusal: ProfileRefusal) => ({
  refusal,
  errors: refusal.field ? { ...context.errors, [refusal.field]: refusal.reason } : context.errors,
})

const errorsOf = (c: ProfileEditContext) => profileFormErrors(c.current, c.values, c.password)

export const profileEditMachine = setup({
  types: {
    context: {} as ProfileEditContext,
    events: {} as ProfileEditEvent,
    input: {} as ProfileEditInput,
  },
  actors: {
    // Supplied by src/ with machine.provide(): queues the personal details (sent now or when the connection returns) and asks for the email change.
    save: fromPromise<SaveOutcome, ProfileChanges>(async () => {
      throw new Error('save is not provided')
    }),
  },
  actions: {
    setField: assign(({ context }, params: { field: string; value: string }) => {
      const { [params.field]: _fixed, ...errors } = context.errors
      if (params.field === 'current_password') return { password: params.value, errors }
      return { values: { ...context.values, [params.field]: params.value }, errors }
    }),
    showErrors: assign({ errors: ({ context }) => errorsOf(context) }),
    clearErrors: assign({ errors: {}, refusal: null }),
    setOutcome: assign({ outcome: (_, params: { outcome: SaveOutcome }) => params.outcome, password: '' }),
    setRefusal: assign(({ context }, params: { refusal: ProfileRefusal }) => withRefusal(context, params.refusal)),
    /** src/ says the changes were saved (a toast) or that they wait for the connection. */
    announceSaved: (_, _params: { outcome: SaveOutcome }) => {},
    /** src/ records that the customer is done with a refused queued edit (a fact), so it does not reopen; null: nothing was queued. */
    dismissRefusal: (_, _params: { editId: string | null }) => {},
  },
  guards: {
    invalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
    unchanged: ({ context }) => {
      const changes = profileChanges(context.current, context.values, context.password)
      return changes.profile === null && changes.email === null
    },
    refusedBefore: ({ context }) => context.refusal !== null,
    stillQueued: (_, params: { outcome: SaveOutcome }) => params.outcome.queued,
    isOurs: ({ context }, params: { editId: string | null }) => params.editId !== null && context.outcome?.editId === params.editId,
  },
}).createMachine({
  id: 'profileEdit',
  context: ({ input }) => {
    const refusal = input.refusal ?? null
    const context: ProfileEditContext = { current: input.current, values: input.draft ?? input.current, password: '', errors: {}, refusal: null, outcome: null }
    return refusal ? { ...context, ...withRefusal(context, refusal) } : context
  },
  initial: 'starting',
  states: {
    // A refused edit reopens where the customer left it: the typed values and the message.
    starting: { always: [{ guard: 'refusedBefore', target: 'refused' }, { target: 'editing' }] },
    editing: {
      on: {
        'profile.field.set': { actions: { type: 'setField', params: ({ event }) => event } },
        'profile.save': [{ guard: 'invalid', actions: 'showErrors' }, { guard: 'unchanged', target: 'closed' }, { target: 'saving' }],
        'profile.cancel': { target: 'closed' },
      },
    },
    saving: {
      entry: 'clearErrors',
      invoke: {
        src: 'save',
        input: ({ context }) => profileChanges(context.current, context.values, context.password),
        onDone: [
          {
            guard: { type: 'stillQueued', params: ({ event }) => ({ outcome: event.output }) },
            target: 'queued',
            actions: [
              { type: 'setOutcome', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'announceSaved', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
          {
            target: 'saved',
            actions: [
              { type: 'setOutcome', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'announceSaved', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
        ],
        onError: { target: 'refused', actions: { type: 'setRefusal', params: ({ event }) => ({ refusal: refusalOf(event.error) }) } },
      },
    },
    // The edit is on the device and waits for the connection; the outbox's answer comes back as an event.
    queued: {
      on: {
        'profile.sent': { guard: { type: 'isOurs', params: ({ event }) => event }, target: 'saved' },
        'profile.refused': {
          guard: { type: 'isOurs', params: ({ event }) => event },
          target: 'refused',
          actions: { type: 'setRefusal', params: ({ event }) => ({ refusal: { reason: event.reason, field: event.field, editId: event.editId } }) },
        },
      },
    },
    saved: { type: 'final' },
    refused: {
      // However the customer leaves the refused form (saved again, put away), the refusal is not reopened.
      exit: { type: 'dismissRefusal', params: ({ context }) => ({ editId: context.refusal?.editId ?? null }) },
      on: {
        'profile.field.set': { actions: { type: 'setField', params: ({ event }) => event } },
        'profile.save': [{ guard: 'invalid', actions: 'showErrors' }, { guard: 'unchanged', target: 'closed' }, { target: 'saving' }],
        'profile.cancel': { target: 'closed' },
      },
    },
    closed: { type: 'final' },
  },
})
