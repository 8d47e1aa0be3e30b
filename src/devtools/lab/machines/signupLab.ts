import { fromPromise } from 'xstate'
import { signupEventSchemas } from '../../../../machines/signup.events.ts'
import { signupMachine } from '../../../../machines/signup.machine.ts'
import { createAccount } from '../../../api/account.ts'
import type { Signup, User } from '../../../domain/account.ts'
import { makeFact } from '../../../domain/events.ts'
import { stampNow } from '../../../lib/ids.ts'
import { fake, labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'

/** The sign-up wizard: the account is created by the sandbox server or a fake; the sign-in it leads to goes to the lab log. */
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
  provide: (mode, io) =>
    signupMachine.provide({
      actors: {
        createAccount: fromPromise<User, Signup>(({ input }) => {
          if (mode === 'sandbox') return createAccount(input)
          const { first_name, last_name, id_number, email, phone, mobile } = input.user
          return fake(mode, io.delay, () => labCustomer({ first_name, last_name, id_number, email, phone, mobile }))
        }),
      },
      actions: {
        // The app signs the new customer in, which the auth machine records as this fact.
        announceCreated: (_, { user }) => io.write(makeFact('v1.CustomerSignedIn', { user }, stampNow())),
        announceFailed: () => {},
      },
    }),
}
