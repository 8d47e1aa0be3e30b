import { passwordResetEventSchemas, PasswordResetInputSchema } from '../../../../machines/passwordReset.events.ts'
import { passwordResetMachine } from '../../../../machines/passwordReset.machine.ts'
import { checkResetLink, requestResetLink, resetPassword } from '../../../api/password.ts'
import type { LinkAnswer, ResetAnswer } from '../../../domain/password.ts'
import { providePasswordReset } from '../../../features/account/password/passwordResetEffects.ts'
import { labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts, labUi } from '../labPorts.ts'

/** A token of the right shape that no server made: the sandbox refuses it as not valid. */
const LAB_TOKEN = 'labLabLabLabLabLabLabLabLabLabLabLabLabLab1'

/** The password reset with the app's effects: asking for a link, then choosing a new password with it, against the sandbox server or fakes. */
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
  provide: (mode, io) => {
    const lab = labPorts(mode, io)
    const refused = mode === 'linkRefused'
    const api = {
      requestResetLink: (email: string) =>
        lab.answer(
          () => requestResetLink(email),
          () => undefined,
        ),
      checkResetLink: (token: string) =>
        lab.answer(
          () => checkResetLink(token),
          (): LinkAnswer => (refused ? { status: 'refused', reason: 'used' } : { status: 'good' }),
        ),
      resetPassword: (token: string, password: string) =>
        lab.answer(
          () => resetPassword(token, password),
          (): ResetAnswer => (refused ? { status: 'refused', reason: 'used' } : { status: 'reset', user: labCustomer() }),
        ),
    }
    return providePasswordReset({ ...lab, api, ui: labUi({}) })
  },
}
