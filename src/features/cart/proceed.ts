import { whenSessionKnown } from '../../lib/sessionStore.ts'

/** Where "proceed to order" goes, decided once the session is known: a tap made while it is checked waits for it. */
export async function proceedTarget(): Promise<'/delivery_address' | '/login'> {
  const session = await whenSessionKnown()
  return session.status === 'customer' ? '/delivery_address' : '/login'
}
