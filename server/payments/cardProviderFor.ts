import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { PaymentSettings } from '../config.ts'
import type { Queryable } from '../db/types.ts'
import { paymentSandboxPrefix, paymentSandboxRoutes } from '../sandbox/payments/sandbox.ts'
import { oppwaProvider } from './provider.ts'
import type { CardProvider } from './provider.ts'

/** The card provider the configuration names, or the sandbox (with its app, which the server mounts for browsers). */
export function cardProviderFor(settings: PaymentSettings, db: Queryable): { provider: CardProvider; sandbox?: Hono } {
  if (settings.kind === 'provider') return { provider: oppwaProvider({ ...settings, widgetBase: settings.baseUrl }) }
  const entityId = 'sandbox-entity'
  // A fresh token per process: the sandbox checks it like the real provider, and nothing outside needs it.
  const accessToken = randomBytes(24).toString('base64url')
  const sandbox = paymentSandboxRoutes({ db, entityId, accessToken })
  return {
    sandbox,
    // Server-to-server calls reach the sandbox in process, through the same protocol; browsers load its widget here.
    provider: oppwaProvider({ baseUrl: 'http://payments.sandbox', widgetBase: paymentSandboxPrefix, entityId, accessToken, fetch: (request) => Promise.resolve(sandbox.fetch(request)) }),
  }
}
