import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { whenSessionKnown } from '../lib/sessionStore.ts'
import { Spinner } from '../ui/Spinner.tsx'

// A spinner while the customer loads, then visitors go back to the home page.
export const Route = createFileRoute('/_customer')({
  beforeLoad: async () => {
    const session = await whenSessionKnown()
    if (session.status !== 'customer') throw redirect({ to: '/', replace: true })
    return { customer: session.customer }
  },
  pendingComponent: Spinner,
  pendingMs: 0,
  component: Outlet,
})
