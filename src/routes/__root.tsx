import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Layout } from '../app/Layout.tsx'
import { Page, Muted } from '../ui/Page.tsx'
import { ButtonLink } from '../ui/Button.tsx'
import type { Auth } from '../lib/sessionStore.ts'

/** What the routes' guards are given: the app's services they decide by (src/router.ts). */
export interface RouterContext {
  auth: Auth
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <Layout>
      <Outlet />
    </Layout>
  ),
  notFoundComponent: () => (
    <Page title={<Trans>Page not found</Trans>}>
      <Muted>
        <Trans>We could not find that page.</Trans>
      </Muted>
      <p>
        <ButtonLink to="/">
          <Trans>continue shopping</Trans>
        </ButtonLink>
      </p>
    </Page>
  ),
})
