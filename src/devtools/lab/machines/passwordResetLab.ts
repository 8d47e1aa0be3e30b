import { fromPromise } from 'xstate'
import { passwordResetEventSchemas, PasswordResetInputSchema } from '../../../../machines/passwordReset.events.ts'
import { passwordResetMachine } from '../../../../machines/passwordReset.machine.ts'
import { checkResetLink, requestResetLink, resetPassword } from '../../../api/password.ts'
import { makeFact } from '../../../domain/events.ts'
import type { LinkAnswer, ResetAnswer } from '../../../domain/password.ts'
import { stampNow } from '../../../lib/ids.ts'
import { fake, labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'

/** A token of the right shape that no server made: the sandbox refuses it as not valid. */
const LAB_TOKEN = 'labLabLabLabLabLabLabLabLabLabLabLabLabLab1'

/** The password reset: asking for a link, then choosing a new password with it, against the sandbox server or fakes. */
export const passwordResetLab: LabMachine = {
  id: 'passwordReset',
  machine: passwordResetMachine,
  modes: ['succeeds', 'linkRefused', 'offline', 'server500', 'sandbox'],
  input: {
    schema: PasswordResetInputSchema,
    presets: {
      forgot: () => ({}),
      reset: () => ({ token: LAB_TOKEN }),
    },
  },
  events: [
    {
      type: 'passwordReset.field.set',
      schema: passwordResetEventSchemas['passwordReset.field.set'],
      template: () => ({ field: 'email', value: 'thandi.lab@example.co.za' }),
    },
    { type: 'passwordReset.request', schema: passwordResetEventSchemas['passwordReset.request'] },
    { type: 'passwordReset.again', schema: passwordResetEventSchemas['passwordReset.again'] },
    { type: 'passwordReset.submit', schema: passwordResetEventSchemas['passwordReset.submit'] },
  ],
  provide: (mode, io) =>
    passwordResetMachine.provide({
      actors: {
        requestLink: fromPromise<void, { email: string }>(({ input }) =>
          mode === 'sandbox' ? requestResetLink(input.email) : fake(mode, io.delay, () => undefined),
        ),
        checkLink: fromPromise<LinkAnswer, { token: string }>(({ input }) =>
          mode === 'sandbox'
            ? checkResetLink(input.token)
            : fake(mode, io.delay, (): LinkAnswer => (mode === 'linkRefused' ? { status: 'refused', reason: 'used' } : { status: 'good' })),
        ),
        resetPassword: fromPromise<ResetAnswer, { token: string; password: string }>(({ input }) =>
          mode === 'sandbox'
            ? resetPassword(input.token, input.password)
            : fake(
                mode,
                io.delay,
                (): ResetAnswer => (mode === 'linkRefused' ? { status: 'refused', reason: 'used' } : { status: 'reset', user: labCustomer() }),
              ),
        ),
      },
      actions: {
        // The app signs the customer in, which the auth machine records as this fact.
        announceReset: (_, { user }) => io.write(makeFact('v1.CustomerSignedIn', { user }, stampNow())),
      },
    }),
}
