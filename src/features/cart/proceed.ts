import { whenSessionKnown, type SessionStore } from '../../lib/sessionStore.ts'

/** Where "proceed to order" goes, decided once the session is known: a tap made while it is checked waits for it. */
export async function proceedTarget(session: SessionStore): Promise<'/delivery_address' | '/login'> {
  const known = await whenSessionKnown(session)
  return known.status === 'customer' ? '/delivery_address' : '/login'
}
