import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { t } from '@lingui/core/macro'
import { i18n } from './i18n/i18n.ts'
import { restoreLanguage } from './i18n/restoreLanguage.ts'
import { routeTree } from './routeTree.gen.ts'
import { startCartInBackground } from './features/cart/cart.ts'
import { startAuthInBackground, subscribeSession, getSession } from './features/account/session.ts'
import { toast } from './ui/toaster.ts'
import { Spinner } from './ui/Spinner.tsx'
import './ui/styled.ts'

const router = createRouter({ routeTree, defaultPreload: 'intent', defaultPendingComponent: Spinner, scrollRestoration: true })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

void startCartInBackground({ onAdded: () => toast.success(t`added to cart`) })
void startAuthInBackground()
// Queued orders go out when a customer is known, when the connection returns and after the worker replayed them.
void import('./features/orders/ordersSync.ts').then(({ startOrderSync }) => startOrderSync())
// Support messages queued offline (now or in an earlier visit) go out at start and when the connection returns.
void import('./features/support/supportSync.ts').then(({ startSupportSync }) => startSupportSync())
// A logout (here or in another tab) re-runs the guards, so a customer-only page leaves at once.
let wasCustomer = false
subscribeSession(() => {
  const isCustomer = getSession().status === 'customer'
  if (wasCustomer && !isCustomer) void router.invalidate()
  wasCustomer = isCustomer
})

// The worker registers after the first paint; in dev, Vite serves modules the worker could not precache.
if (import.meta.env.PROD) void import('./pwa/register.ts').then(({ registerServiceWorker }) => registerServiceWorker())

await restoreLanguage()
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
)
