import { authEventSchemas } from '../../../../machines/auth.events.ts'
import { authMachine } from '../../../../machines/auth.machine.ts'
import { fetchSession, login, logout } from '../../../api/account.ts'
import { provideAuth } from '../../../features/account/session/authEffects.ts'
import { signedInFact, signedOutFact } from '../../../features/account/session/knownCustomer.ts'
import { sessionTag } from '../../../lib/signedInHint.ts'
import { readKnownCustomer } from '../../../store/queries.ts'
import { labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts } from '../labPorts.ts'

/** The auth machine with the app's effects: the server's session answer, sign-in and sign-out, the device's memory in the lab log. */
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
    const lab = labPorts(mode, io)
    const known = async () => readKnownCustomer(await io.db())
    // The app's own decision (knownCustomer.ts): a fact only when it changes whom the device knows, in the lab log.
    const forget = async () => {
      io.write(async () => signedOutFact(await known()))
      return false
    }
    return provideAuth({
      // "succeeds": the server answers that nobody is signed in, as for a new visitor.
      api: {
        fetchSession: () =>
          lab.answer(
            () => fetchSession(),
            () => null,
          ),
        login: (credentials) =>
          lab.answer(
            () => login(credentials),
            () => labCustomer({ email: credentials.email }),
          ),
      },
      memory: {
        recall: known,
        remember: async (user) => {
          io.write(async () => signedInFact(await known(), user))
          return false
        },
        forget,
        // The lab's answers are recorded as they come, undated.
        position: () => Promise.reject(new Error('The lab does not date session answers.')),
        fresher: async (user) => user,
      },
      logouts: {
        pendingFor: async () => false,
        settle: async () => undefined,
        // As the app: the sign-out is recorded on the device first; then the server is told.
        queue: async () => {
          await forget()
          await lab.answer(
            () => logout(),
            () => undefined,
          )
        },
      },
      // In sandbox mode the storefront's own session hint says whether to ask the server.
      hint: { tag: () => (mode === 'sandbox' ? sessionTag() : null), drop: () => undefined },
      channel: { post: () => undefined },
      // The app drops the customer's caches here; the lab leaves the customer's data alone.
      clearCustomerData: () => undefined,
      callbacks: {},
    })
  },
}
