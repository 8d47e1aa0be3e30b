import { useSyncExternalStore } from 'react'
import type { User } from '../domain/account.ts'

/** Who is using the app, as the auth actor knows it; `offline` when shown from the device's memory. */
export type Customer = User

export type Session =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'customer'; customer: Customer; offline: boolean }

// Until the auth actor answers; also what a page rendered on the server shows.
const CHECKING: Session = { status: 'checking' }
let session: Session = CHECKING
const listeners = new Set<() => void>()
let waiting: Array<(s: Session) => void> = []
// The account area starts the auth actor when someone waits for the session (it registers at boot).
let startAuth: () => void = () => {}

/** The account area says how to start the auth actor, which alone publishes the session. */
export function onSessionWanted(start: () => void): void {
  startAuth = start
}

/** The auth actor's latest answer; waiters are released once it is no longer `checking`. */
export function publishSession(next: Session): void {
  const same = JSON.stringify(next) === JSON.stringify(session)
  session = same ? session : next
  if (next.status !== 'checking') {
    const resolve = waiting
    waiting = []
    for (const r of resolve) r(session)
  }
  if (!same) for (const listener of listeners) listener()
}

/** Resolves once it is known whether a customer is signed in (the guard waits on this). */
export function whenSessionKnown(): Promise<Session> {
  if (session.status !== 'checking') return Promise.resolve(session)
  startAuth()
  return new Promise((resolve) => waiting.push(resolve))
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getSession(): Session {
  return session
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, () => CHECKING)
}
