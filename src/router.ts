import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'
import { Spinner } from './ui/Spinner.tsx'
import { ErrorScreen } from './app/ErrorScreen.tsx'
import type { Services } from './app/services.ts'

/**
 * The app's one router. In the browser it follows the address bar; on the server it renders one page from
 * a memory history, without the scroll-restoration script (the page's policy allows no inline script).
 */
export function createAppRouter(services: Services, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    // The guards reach the app's services here (src/routes/__root.tsx).
    context: services,
    ...(server && { history: server.history }),
    defaultPreload: 'intent',
    defaultPendingComponent: Spinner,
    defaultErrorComponent: ErrorScreen,
    scrollRestoration: !server,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Prepares a browser router to hydrate a server-rendered page: it loads the page's route (its lazy chunk)
 * and renders the root match as the server did, without the Suspense boundary only browser renders have
 * (what the router's own hydrate() does when it takes over a server-rendered page).
 */
export async function prepareHydration(router: AppRouter): Promise<void> {
  router.ssr = { manifest: undefined }
  await router.load()
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
