import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Trans } from '@lingui/react/macro'
import { roleCan } from '../domain/staff.ts'
import { StaffLayout } from './StaffLayout.tsx'
import { type StaffScreen, staffScreens } from './screens.tsx'
import { useStaffNavigate } from './navigation.tsx'
import { useStaffSession } from './session.tsx'
import { Notice } from './ui/parts.tsx'
import { headingTakesFocus } from './ui/ScreenTitle.tsx'

/** The screens anyone may open: signing in, and accepting an invite. */
const rootRoute = createRootRoute({ component: StaffLayout })

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: (search: Record<string, unknown>): { next?: string } => (typeof search.next === 'string' ? { next: search.next } : {}),
  component: lazyRouteComponent(() => import('./auth/SignInScreen.tsx'), 'SignInScreen'),
})

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  component: lazyRouteComponent(() => import('./auth/InviteScreen.tsx'), 'InviteScreen'),
})

/** A registered screen: the sign-in first, then the role's permission, then the screen itself. */
function Guarded({ screen }: { screen: StaffScreen }) {
  const { state } = useStaffSession()
  const navigate = useStaffNavigate()
  const signedOut = state.kind === 'signed-out'
  useEffect(() => {
    // Unless the member is already on the way to a screen anyone may open (signing out moves to the sign-in).
    const { pathname, search } = window.location
    if (signedOut && !/^\/staff\/(sign-in|invite\/)/.test(pathname)) navigate(`/sign-in?next=${encodeURIComponent(pathname + search)}`, { replace: true })
  }, [signedOut, navigate])
  if (state.kind === 'loading')
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  if (state.kind === 'signed-out') return null
  if (!roleCan(state.member.role, screen.permission))
    return (
      <Notice tone="error">
        <Trans>Your role cannot use this screen.</Trans>
      </Notice>
    )
  const Screen = screen.component
  return <Screen />
}

const screenRoutes = staffScreens.map((screen) =>
  createRoute({ getParentRoute: () => rootRoute, path: screen.path, component: () => <Guarded screen={screen} /> }),
)

export const staffRouteTree = rootRoute.addChildren([signInRoute, inviteRoute, ...screenRoutes])

export function createStaffRouter(history?: Parameters<typeof createRouter>[0]['history']) {
  const router = createRouter({ routeTree: staffRouteTree, basepath: '/staff', ...(history && { history }), defaultPreload: 'intent' })
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && event.fromLocation.pathname !== event.toLocation.pathname) headingTakesFocus()
  })
  return router
}

export type StaffRouter = ReturnType<typeof createStaffRouter>
