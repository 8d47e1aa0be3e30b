import { randomUUID } from 'node:crypto'
import type { User } from '../../../src/domain/account.ts'
import { address, call, type Customer, type TestApp } from './accounts.ts'

/** One keyed edit request as the device's outbox sends it: the Key, the session cookie and an Idempotency-Key. */
export async function edit(app: TestApp, method: string, path: string, body: unknown, as: { cookie: string }, key: string = randomUUID()) {
  const init = call(method, body, { cookie: as.cookie })
  const res = await app.request(`/api/v2/users/${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': key } })
  return { res, key }
}

export const newProfile = () => ({ first_name: 'Thandeka', last_name: 'Mthembu', phone: '0219876543', mobile: '' })

export const profileOf = (app: TestApp, me: Customer, body: unknown = newProfile(), key?: string) => edit(app, 'PUT', `${me.id}/profile`, body, me, key)

export const saveAddressOf = (
  app: TestApp,
  me: Customer,
  id: string,
  body: unknown = { address: { ...address(), street_name: 'Bree Street' } },
  key?: string,
) => edit(app, 'PUT', `${me.id}/addresses/${id}`, body, me, key)

export const removeAddressOf = (app: TestApp, me: Customer, id: string, key?: string) => edit(app, 'DELETE', `${me.id}/addresses/${id}`, undefined, me, key)

/** The language the customer picks while signed in, as the device's outbox sends it. */
export const languageOf = (app: TestApp, me: Customer, language: unknown, key?: string) => edit(app, 'PUT', `${me.id}/language`, { language }, me, key)

export const defaultAddressOf = (app: TestApp, me: Customer, id: string, key?: string) =>
  edit(app, 'PUT', `${me.id}/default_address`, { address_id: id }, me, key)

/** The customer as the server answers their own session now. */
export async function whoAmI(app: TestApp, me: Customer): Promise<User> {
  const res = await app.request('/api/auth/session', call('GET', undefined, { cookie: me.cookie }))
  return ((await res.json()) as { user: User }).user
}

/** Which address is the default, by street name, and every street name in order. */
export const addressSummary = (user: User) => ({
  streets: user.addresses.map((a) => a.street_name),
  default: user.addresses.filter((a) => a.is_default).map((a) => a.street_name),
})
