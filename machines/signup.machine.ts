import { assign, fromPromise, not, setup } from 'xstate'
import { AddressSchema, PersonalSchema, type Signup, type User } from '../src/domain/account.ts'
import { emptyAddress, emptyPersonal, isPersonalField, toSignup, type AddressValues, type PersonalValues } from '../src/domain/accountForm.ts'
import { fieldErrors, type FieldErrors } from '../src/domain/fieldErrors.ts'
import { failureOf } from './failure.ts'
import type { SignupEvent } from './signup.events.ts'

export type { SignupEvent } from './signup.events.ts'

export interface SignupContext {
  personal: PersonalValues
  address: AddressValues
  /** Messages per field of the step on screen (the validation texts, in English). */
  errors: FieldErrors
  /** The server's error text of the last failed submit. */
  serverError: string | null
  /** The created customer, once done. */
  user: User | null
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    // Supplied by src/ with machine.provide(): POST /api/v2/users.
    createAccount: fromPromise<User, Signup>(async () => {
      throw new Error('createAccount is not provided')
    }),
  },
  actions: {
    setField: assign(({ context }, params: { field: string; value: string }) => {
      const { [params.field]: _fixed, ...errors } = context.errors
      return isPersonalField(params.field)
        ? { personal: { ...context.personal, [params.field]: params.value }, errors }
        : { address: { ...context.address, [params.field]: params.value }, errors }
    }),
    showPersonalErrors: assign({ errors: ({ context }) => fieldErrors(PersonalSchema, context.personal) }),
    showAddressErrors: assign({ errors: ({ context }) => fieldErrors(AddressSchema, context.address) }),
    clearErrors: assign({ errors: {}, serverError: null }),
    setServerError: assign({ serverError: (_, params: { error: string }) => params.error }),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    /** src/ signs the customer in, shows "Created Successfully" and goes to /profile. */
    announceCreated: (_, _params: { user: User }) => {},
    /** src/ shows the server's error text as an error toast. */
    announceFailed: (_, _params: { error: string }) => {},
  },
  guards: {
    personalValid: ({ context }) => Object.keys(fieldErrors(PersonalSchema, context.personal)).length === 0,
    addressValid: ({ context }) => Object.keys(fieldErrors(AddressSchema, context.address)).length === 0,
  },
}).createMachine({
  id: 'signup',
  context: { personal: emptyPersonal(), address: emptyAddress(), errors: {}, serverError: null, user: null },
  initial: 'personal',
  on: {
    'signup.field.set': {
      actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    personal: {
      on: {
        'signup.next': [{ guard: 'personalValid', target: 'address', actions: 'clearErrors' }, { actions: 'showPersonalErrors' }],
      },
    },
    address: {
      on: {
        'signup.back': { target: 'personal', actions: 'clearErrors' },
        'signup.submit': [
          // Personal details edited after Next (the wizard takes any field) go back to their step, never to the server.
          { guard: not('personalValid'), target: 'personal', actions: 'showPersonalErrors' },
          { guard: 'addressValid', target: 'submitting' },
          { actions: 'showAddressErrors' },
        ],
      },
    },
    submitting: {
      entry: 'clearErrors',
      // Typing while the request is out must not change what was sent.
      on: { 'signup.field.set': {} },
      invoke: {
        src: 'createAccount',
        input: ({ context }) => toSignup(context.personal, context.address),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceCreated', params: ({ event }) => ({ user: event.output }) },
          ],
        },
        onError: {
          target: 'address',
          actions: [
            { type: 'setServerError', params: ({ event }) => ({ error: failureOf(event.error).message }) },
            { type: 'announceFailed', params: ({ event }) => ({ error: failureOf(event.error).message }) },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
})
