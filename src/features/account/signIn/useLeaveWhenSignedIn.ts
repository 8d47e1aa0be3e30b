import { useEffect } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useSession } from '../../../lib/sessionStore.ts'

/**
 * /login and /signup are for a visitor: once the session is known to be a customer's (when the app's start has asked,
 * or signed in in another tab), the page moves on by itself to `to` (where the customer was heading), else /profile. `paused` while
 * the page's own sign-in or sign-up is under way: that one moves on when the device holds the customer.
 */
export function useLeaveWhenSignedIn(to: string | undefined, paused: boolean): void {
  const session = useSession()
  const navigate = useNavigate()
  useEffect(() => {
    if (paused || session.status !== 'customer') return
    void (to ? navigate({ href: to, replace: true }) : navigate({ to: '/profile', replace: true }))
  }, [session.status, paused, to, navigate])
}
