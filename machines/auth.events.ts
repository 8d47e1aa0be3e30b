import * as v from 'valibot'
import { LoginSchema, UserSchema, type Login, type User } from '../src/domain/account.ts'
import type { CallFailure } from './failure.ts'

/** What the server said about this browser's session cookie. */
export type SessionAnswer =
  /** `askedAt`: where the device's log stood when the server was asked, so an older answer does not replace a newer copy. */
  { status: 'customer'; user: User; askedAt?: number } | { status: 'anonymous' }

/** What the UI and the browser tell the auth machine: dotted, present tense. */
export type AuthEvent =
  | ({ type: 'auth.signIn' } & Login)
  | { type: 'auth.signOut' }
  /** The server already signed this customer in (a new account, a social sign-in, another tab). */
  | { type: 'auth.signedIn'; user: User }
  /** Another tab signed out; this one follows without asking the server again. */
  | { type: 'auth.signedOutElsewhere' }
  /** Ask the server again: the network is back, or a social sign-in just returned. */
  | { type: 'auth.recheck' }

/** Why signing in failed: the server's own text and status (undefined status: no answer). */
export type SignInFailure = CallFailure

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const authEventSchemas = {
  'auth.signIn': LoginSchema,
  'auth.signOut': v.object({}),
  'auth.signedIn': v.object({ user: UserSchema }),
  'auth.signedOutElsewhere': v.object({}),
  'auth.recheck': v.object({}),
} satisfies Record<AuthEvent['type'], v.GenericSchema>
