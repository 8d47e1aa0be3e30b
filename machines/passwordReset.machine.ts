import { assign, fromPromise, setup } from 'xstate'
import type { User } from '../src/domain/account.ts'
import { fieldErrors, type FieldErrors } from '../src/domain/fieldErrors.ts'
import { ForgotPasswordSchema, NewPasswordFormSchema, type ResetRefusal } from '../src/domain/password.ts'
import { failureOf } from './failure.ts'
import type { LinkAnswer, PasswordResetEvent, PasswordResetField, PasswordResetInput, ResetAnswer } from './passwordReset.events.ts'

export type { LinkAnswer, PasswordResetEvent, PasswordResetInput, ResetAnswer } from './passwordReset.events.ts'

export interface PasswordResetContext {
  /** What the customer typed, by field. */
  values: Record<PasswordResetField, string>
  /** The emailed link's token; null on /forgot_password. */
  token: string | null
  /** Messages per field of the form on screen (the validation texts, in English). */
  errors: FieldErrors
  /** The server's text, or the reason there was no answer, of the last request that failed. */
  serverError: string | null
  /** Why the link cannot be used. */
  refusal: ResetRefusal | null
  /** The customer, signed in once the new password is set. */
  user: User | null
}

const emailForm = (c: PasswordResetContext) => ({ email: c.values.email })
const passwordForm = (c: PasswordResetContext) => ({ password: c.values.password, confirm_password: c.values.confirm_password })

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput | undefined,
  },
  actors: {
    // Supplied by src/ with machine.provide(): POST /api/auth/password/forgot, …/reset/check and …/reset.
    requestLink: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestLink is not provided')
    }),
    checkLink: fromPromise<LinkAnswer, { token: string }>(async () => {
      throw new Error('checkLink is not provided')
    }),
    resetPassword: fromPromise<ResetAnswer, { token: string; password: string }>(async () => {
      throw new Error('resetPassword is not provided')
    }),
  },
  actions: {
    setField: assign(({ context }, params: { field: PasswordResetField; value: string }) => {
      const { [params.field]: _fixed, ...errors } = context.errors
      return { values: { ...context.values, [params.field]: params.value }, errors }
    }),
    showEmailErrors: assign({ errors: ({ context }) => fieldErrors(ForgotPasswordSchema, emailForm(context)) }),
    showPasswordErrors: assign({ errors: ({ context }) => fieldErrors(NewPasswordFormSchema, passwordForm(context)) }),
    clearErrors: assign({ errors: {}, serverError: null }),
    setServerError: assign({ serverError: (_, params: { error: string }) => params.error }),
    setRefusal: assign({ refusal: (_, params: { reason: ResetRefusal }) => params.reason }),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    /** src/ makes the customer signed in on the device, says so and goes to /profile. */
    announceReset: (_, _params: { user: User }) => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    emailValid: ({ context }) => Object.keys(fieldErrors(ForgotPasswordSchema, emailForm(context))).length === 0,
    passwordValid: ({ context }) => Object.keys(fieldErrors(NewPasswordFormSchema, passwordForm(context))).length === 0,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    values: { email: input?.email ?? '', password: '', confirm_password: '' },
    token: input?.token ?? null,
    errors: {},
    serverError: null,
    refusal: null,
    user: null,
  }),
  initial: 'opening',
  states: {
    // Which page: a link to follow, or an email to send one to.
    opening: { always: [{ guard: 'hasToken', target: 'checking' }, { target: 'asking' }] },
    asking: {
      on: {
        'passwordReset.field.set': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'passwordReset.request': [{ guard: 'emailValid', target: 'requesting' }, { actions: 'showEmailErrors' }],
      },
    },
    requesting: {
      entry: 'clearErrors',
      invoke: {
        src: 'requestLink',
        input: ({ context }) => ({ email: context.values.email.trim() }),
        onDone: { target: 'sent' },
        onError: { target: 'asking', actions: { type: 'setServerError', params: ({ event }) => ({ error: failureOf(event.error).message }) } },
      },
    },
    // "If an account exists for that email, we sent a link…": the same whether or not it does.
    sent: { on: { 'passwordReset.again': { target: 'asking' } } },
    checking: {
      invoke: {
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'refused',
            target: 'refused',
            actions: { type: 'setRefusal', params: ({ event }) => ({ reason: (event.output as Extract<LinkAnswer, { status: 'refused' }>).reason }) },
          },
          { target: 'choosing' },
        ],
        // Not known now (offline): the form is shown, and setting the password checks the link anyway.
        onError: { target: 'choosing' },
      },
    },
    choosing: {
      on: {
        'passwordReset.field.set': { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        'passwordReset.submit': [{ guard: 'passwordValid', target: 'resetting' }, { actions: 'showPasswordErrors' }],
      },
    },
    resetting: {
      entry: 'clearErrors',
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token ?? '', password: context.values.password }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'refused',
            target: 'refused',
            actions: { type: 'setRefusal', params: ({ event }) => ({ reason: (event.output as Extract<ResetAnswer, { status: 'refused' }>).reason }) },
          },
          {
            target: 'done',
            actions: [
              { type: 'setUser', params: ({ event }) => ({ user: (event.output as Extract<ResetAnswer, { status: 'reset' }>).user }) },
              { type: 'announceReset', params: ({ event }) => ({ user: (event.output as Extract<ResetAnswer, { status: 'reset' }>).user }) },
            ],
          },
        ],
        // A refused password or no answer: back to the form with what was typed and the reason.
        onError: { target: 'choosing', actions: { type: 'setServerError', params: ({ event }) => ({ error: failureOf(event.error).message }) } },
      },
    },
    // The page offers a new link (/forgot_password).
    refused: { type: 'final' },
    done: { type: 'final' },
  },
})
