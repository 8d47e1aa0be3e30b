import { useSyncExternalStore } from 'react'

/** Who is using the app. Sign-in arrives with the accounts work; until then every visitor is anonymous. */
export interface Customer {
  id: number
  first_name: string
  last_name: string
  email: string
}

export type Session = { status: 'checking' } | { status: 'anonymous' } | { status: 'customer'; customer: Customer }

let session: Session = { status: 'checking' }
const listeners = new Set<() => void>()
let settle: (s: Session) => void = () => {}
const settled = new Promise<Session>((resolve) => (settle = resolve))

export function setSession(next: Session): void {
  session = next
  if (next.status !== 'checking') settle(next)
  for (const listener of listeners) listener()
}

/** Resolves once it is known whether a customer is signed in (the guard waits on this). */
export function whenSessionKnown(): Promise<Session> {
  return session.status === 'checking' ? settled : Promise.resolve(session)
}

export function useSession(): Session {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => session,
    () => session,
  )
}
