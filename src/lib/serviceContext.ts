import { createContext, useContext } from 'react'

/**
 * The app's long-lived services (src/app/services.ts), as <App> hands them to React: one object, each service under
 * its name. A layer reads its own through its hook (useAuth, useCartService, useOutbox, usePwaService).
 */
export const ServicesContext = createContext<object | null>(null)

/**
 * The hook that reads the service named `name` (its key in src/app/services.ts' Services). Outside the services
 * it throws "Cannot read properties of null (reading '<name>')".
 */
export const serviceHook =
  <T>(name: string) =>
  (): T =>
    (useContext(ServicesContext) as Record<string, T>)[name] as T
