import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Layout } from '../app/Layout.tsx'
import { Page, Muted } from '../ui/Page.tsx'
import { ButtonLink } from '../ui/Button.tsx'
import type { Services } from '../app/services.ts'

// The guards get the app's services as the router's context (src/router.ts).
export const Route = createRootRouteWithContext<Services>()({
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
