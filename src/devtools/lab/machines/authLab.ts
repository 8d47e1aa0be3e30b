import { fromPromise } from 'xstate'
import { authEventSchemas } from '../../../../machines/auth.events.ts'
import { authMachine, type CheckInput, type SessionAnswer } from '../../../../machines/auth.machine.ts'
import { fetchSession, login, logout } from '../../../api/account.ts'
import type { Login, User } from '../../../domain/account.ts'
import { makeFact } from '../../../domain/events.ts'
import { stampNow } from '../../../lib/ids.ts'
import { readKnownCustomer } from '../../../store/queries.ts'
import { fake, labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'

/** The auth machine: the server's session answer, sign-in and sign-out, the device's memory in the lab log. */
export const authLab: LabMachine = {
  id: 'auth',
  machine: authMachine,
  modes: ['succeeds', 'offline', 'server500', 'sandbox'],
  events: [
    { type: 'auth.signIn', schema: authEventSchemas['auth.signIn'], template: () => ({ email: labCustomer().email, password: 'Lab#2026' }) },
    { type: 'auth.signOut', schema: authEventSchemas['auth.signOut'] },
    { type: 'auth.signedIn', schema: authEventSchemas['auth.signedIn'], template: () => ({ user: labCustomer() }) },
    { type: 'auth.signedOutElsewhere', schema: authEventSchemas['auth.signedOutElsewhere'] },
    { type: 'auth.recheck', schema: authEventSchemas['auth.recheck'] },
  ],
  provide: (mode, io) => {
    // As the app's knownCustomer.ts: a sign-out fact only when the device knows a customer.
    const forgetKnown = () =>
      io.write(async () => ((await readKnownCustomer(await io.db())) === null ? null : makeFact('v1.CustomerSignedOut', {}, stampNow())))
    return authMachine.provide({
      actors: {
        // "succeeds": the server answers that nobody is signed in, as for a new visitor.
        checkSession: fromPromise<SessionAnswer, CheckInput>(async () => {
          if (mode !== 'sandbox') return fake(mode, io.delay, (): SessionAnswer => ({ status: 'anonymous' }))
          const user = await fetchSession()
          return user ? { status: 'customer', user } : { status: 'anonymous' }
        }),
        recallCustomer: fromPromise(async () => readKnownCustomer(await io.db())),
        signIn: fromPromise<User, Login>(({ input }) => (mode === 'sandbox' ? login(input) : fake(mode, io.delay, () => labCustomer({ email: input.email })))),
        // As the app: the sign-out is recorded on the device first; then the server is told.
        signOut: fromPromise(async () => {
          forgetKnown()
          if (mode === 'sandbox') await logout()
          else await fake(mode, io.delay, () => undefined)
        }),
      },
      // As the app's knownCustomer.ts: a fact only when it changes whom the device knows.
      actions: {
        remember: (_, { user }) =>
          io.write(async () => {
            const known = await readKnownCustomer(await io.db())
            return JSON.stringify(known) === JSON.stringify(user) ? null : makeFact('v1.CustomerSignedIn', { user }, stampNow())
          }),
        forget: () => forgetKnown(),
        // The app drops the customer's caches here; the lab leaves the customer's data alone.
        clearCustomerData: () => {},
      },
    })
  },
}
