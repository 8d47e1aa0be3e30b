import { ApiError } from '../../api/client.ts'
import type { User } from '../../domain/account.ts'
import type { Session } from '../../lib/sessionStore.ts'
import type { EffectMode } from './labMachine.ts'

/** The customer the fakes answer with; the lab never uses a real customer's data. */
export function labCustomer(overrides: Partial<User> = {}): User {
  return {
    id: 9001,
    first_name: 'Thandi',
    last_name: 'Nkosi',
    id_number: '9001015009086',
    email: 'thandi.lab@example.co.za',
    phone: '0211234567',
    mobile: '',
    addresses: [],
    orders: [],
    ...overrides,
  }
}

/** What a failing fake throws, as the api client would: no answer, or the server's status and text. */
export function failureOf(mode: EffectMode): ApiError | null {
  if (mode === 'offline') return new ApiError('Failed to fetch', undefined)
  if (mode === 'server500') return new ApiError('Internal Server Error', 500)
  return null
}

/** Waits like a network call, then fails as the mode says or answers with `value`. */
export async function fake<T>(mode: EffectMode, delay: () => Promise<void>, value: () => T): Promise<T> {
  await delay()
  const failure = failureOf(mode)
  if (failure) throw failure
  return value()
}

/** The signed-in customer's id for calls to the real server; the sandbox needs one. */
export function sandboxCustomerId(session: Session): number {
  if (session.status !== 'customer') throw new ApiError('Sign in to the storefront first: the sandbox answers only a signed-in customer.', 401)
  return session.customer.id
}
