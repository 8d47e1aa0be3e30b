import * as v from 'valibot'
import { UserReplySchema, type Login, type Signup, type User } from '../domain/account.ts'
import { config } from '../config.ts'
import { api, ApiError, refusalOf, toApiError } from './client.ts'

/** Sends a request and validates the `{ user }` answer at the edge. */
async function userCall(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<User> {
  try {
    const reply = await api(path, init.body === undefined ? { method: init.method } : { method: init.method, body: init.body })
    return v.parse(UserReplySchema, reply).user
  } catch (e) {
    throw toApiError(e)
  }
}

/** POST /v2/users: creates the account; the server also signs the customer in (cookie). */
export function createAccount(signup: Signup): Promise<User> {
  return userCall('/v2/users', { method: 'POST', body: signup })
}

/** POST /auth/login: 401 with "Incorrect Username or Password. Please try again.", 429 when rate-limited. */
export function login(credentials: Login): Promise<User> {
  return userCall('/auth/login', { method: 'POST', body: credentials })
}

export type LogoutResult = { kind: 'answered'; status: number } | { kind: 'no-answer'; error: string }

/** POST /auth/logout: ends the session the tag names (a logout queued offline), or else the cookie's session. */
export async function logout(body?: { session: string }): Promise<LogoutResult> {
  try {
    const response = await api.raw('/auth/logout', { method: 'POST', ...(body ? { body } : {}) })
    return { kind: 'answered', status: response.status }
  } catch (e) {
    const failure = refusalOf(e, v.unknown())
    return failure.kind === 'refused' ? { kind: 'answered', status: failure.status } : failure
  }
}

/** GET /auth/session: the signed-in customer, or null on 401; throws when there is no answer. */
export async function fetchSession(): Promise<User | null> {
  try {
    return await userCall('/auth/session', { method: 'GET' })
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null
    throw e
  }
}

/** GET /v8/partner/detailed_customer_profile/email/{email}: only the session's own profile. */
export function fetchProfile(email: string): Promise<User> {
  return userCall(`/v8/partner/detailed_customer_profile/email/${encodeURIComponent(email)}`, { method: 'GET' })
}

/** Where the browser goes to start a social sign-in: a plain navigation, the server runs OAuth. */
export function socialStartUrl(provider: SocialProvider, returnTo = '/profile'): string {
  return `${config.apiBase}/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`
}

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'twitter'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
