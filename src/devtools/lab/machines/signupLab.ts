import { maskedIdNumber } from '../../../domain/identityDocument.ts'
import { signupEventSchemas } from '../../../../machines/signup.events.ts'
import { signupMachine } from '../../../../machines/signup.machine.ts'
import { createAccount } from '../../../api/account.ts'
import { provideSignup } from '../../../features/account/signIn/signupEffects.ts'
import { labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts, labUi } from '../labPorts.ts'

/** The sign-up wizard with the app's effects: the account is created by the sandbox server or a fake; the sign-in it leads to goes to the lab log. */
export const signupLab: LabMachine = {
  id: 'signup',
  machine: signupMachine,
  modes: ['succeeds', 'offline', 'server500', 'sandbox'],
  events: [
    { type: 'signup.field.set', schema: signupEventSchemas['signup.field.set'], template: () => ({ field: 'first_name', value: '' }) },
    { type: 'signup.next', schema: signupEventSchemas['signup.next'] },
    { type: 'signup.back', schema: signupEventSchemas['signup.back'] },
    { type: 'signup.submit', schema: signupEventSchemas['signup.submit'] },
  ],
  provide: (mode, io) => {
    const lab = labPorts(mode, io)
    const api = {
      createAccount: (signup: Parameters<typeof createAccount>[0]) => {
        const { first_name, last_name, id_number, email, phone, mobile } = signup.user
        // As the server answers: the number masked, a passport's type and country beside it.
        const passport = 'id_type' in signup.user ? { id_type: signup.user.id_type, id_country: signup.user.id_country } : {}
        return lab.answer(
          () => createAccount(signup),
          () => labCustomer({ first_name, last_name, id_number: maskedIdNumber(id_number), ...passport, email, phone, mobile }),
        )
      },
    }
    return provideSignup({ ...lab, api, ui: labUi({ fail: () => undefined }) })
  },
}
