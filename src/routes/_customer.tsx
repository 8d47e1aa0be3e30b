import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { SignedInContext, useSession, whenSessionKnown } from '../lib/sessionStore.ts'
import { Spinner } from '../ui/Spinner.tsx'

// A spinner while the customer loads, then visitors go back to the home page.
export const Route = createFileRoute('/_customer')({
  beforeLoad: async ({ context }) => {
    const session = await whenSessionKnown(context.auth.session)
    if (session.status !== 'customer') throw redirect({ to: '/', replace: true })
  },
  pendingComponent: Spinner,
  pendingMs: 0,
  component: CustomerArea,
})

/** The pages behind the guard read the customer with useCustomer(), which follows the session (an edit, a sign-out elsewhere). */
function CustomerArea() {
  const session = useSession()
  // A logout while here shows the spinner until the guard, run again, leaves.
  if (session.status !== 'customer') return <Spinner />
  return (
    <SignedInContext value={session}>
      <Outlet />
    </SignedInContext>
  )
}
