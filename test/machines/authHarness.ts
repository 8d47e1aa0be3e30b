import { createActor, fromPromise } from 'xstate'
import { authMachine, type CheckInput, type SessionAnswer } from '../../machines/auth.machine.ts'
import type { Login, User } from '../../src/domain/account.ts'
import { settling } from './settling.ts'

/** A Cape Town address on the given street, without its id and default flag (as the address forms send it). */
export const addressOn = (street_name: string) => ({
  unit_number: '',
  floor_level: '',
  building_name: '',
  street_number: '12',
  street_name,
  suburb: '',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  country: 'South Africa',
  gps_coordinates: null,
  deliver_to: '',
})

export const customer = (overrides: Partial<User> = {}): User => ({
  id: 1,
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  phone: '0211234567',
  mobile: '',
  addresses: [],
  orders: [],
  ...overrides,
})

/** A promise the test settles by hand, so each network step happens when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Drives the real auth machine with hand-settled fakes for the network and the device, recording every effect. */
export function authHarness() {
  const pending = {
    check: [] as ReturnType<typeof deferred<SessionAnswer>>[],
    recall: [] as ReturnType<typeof deferred<User | null>>[],
    signIn: [] as ReturnType<typeof deferred<User>>[],
    signOut: [] as ReturnType<typeof deferred<void>>[],
  }
  const signInInputs: Login[] = []
  const checkInputs: CheckInput[] = []
  const effects: string[] = []
  const next = <T>(list: ReturnType<typeof deferred<T>>[]) => {
    const d = deferred<T>()
    list.push(d)
    return d.promise
  }
  const actor = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise<SessionAnswer, CheckInput>(({ input }) => {
          checkInputs.push(input)
          return next(pending.check)
        }),
        recallCustomer: fromPromise(() => next(pending.recall)),
        signIn: fromPromise<User, Login>(({ input }) => {
          signInInputs.push(input)
          return next(pending.signIn)
        }),
        signOut: fromPromise(() => next(pending.signOut)),
      },
      actions: {
        remember: (_, { user }) => void effects.push(`remember ${user.email}`),
        forget: () => void effects.push('forget'),
        clearCustomerData: () => void effects.push('clearCustomerData'),
      },
    }),
  )
  actor.start()
  const last = <T>(list: T[]): T => {
    const item = list.at(-1)
    if (!item) throw new Error('nothing pending')
    return item
  }
  return {
    actor,
    effects,
    signInInputs,
    checkInputs,
    pending,
    state: () => actor.getSnapshot().value,
    user: () => actor.getSnapshot().context.user,
    answerCheck: (answer: SessionAnswer) => settling(() => last(pending.check).resolve(answer)),
    failCheck: () => settling(() => last(pending.check).reject(new TypeError('Failed to fetch'))),
    answerRecall: (user: User | null) => settling(() => last(pending.recall).resolve(user)),
    failRecall: () => settling(() => last(pending.recall).reject(new Error('store closed'))),
    answerSignIn: (user: User) => settling(() => last(pending.signIn).resolve(user)),
    failSignIn: (error: unknown) => settling(() => last(pending.signIn).reject(error)),
    answerSignOut: () => settling(() => last(pending.signOut).resolve()),
    failSignOut: () => settling(() => last(pending.signOut).reject(new TypeError('Failed to fetch'))),
  }
}

export type AuthHarness = ReturnType<typeof authHarness>

/** A harness already past its first check, signed in as `user`. */
export async function signedIn(user: User = customer()): Promise<AuthHarness> {
  const h = authHarness()
  await h.answerCheck({ status: 'customer', user })
  h.effects.length = 0
  return h
}

/** A harness already past its first check, with nobody signed in. */
export async function signedOut(): Promise<AuthHarness> {
  const h = authHarness()
  await h.answerCheck({ status: 'anonymous' })
  h.effects.length = 0
  return h
}
