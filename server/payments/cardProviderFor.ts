import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { PaymentSettings } from './paymentSettings.ts'
import type { Db } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { paymentSandboxPrefix, paymentSandboxRoutes } from '../sandbox/payments/sandbox.ts'
import { paymentWebhookPath } from './notifications.ts'
import { oppwaProvider } from './provider.ts'
import type { CardProvider } from './provider.ts'

export interface CardPayments {
  provider: CardProvider
  /** The sandbox's app, which the server mounts for browsers; only when no real provider is configured. */
  sandbox?: Hono
  /** The key payment notifications are sealed with; without one, the webhook is not served. */
  webhookKey?: Buffer
}

export interface NotificationSettings {
  /** PAYMENT_WEBHOOK_KEY: 64 hex digits, or '' for none. */
  webhookKey?: string
  /** Whether the sandbox notifies this server of the payments it takes (PAYMENT_SANDBOX_WEBHOOKS). */
  sandboxWebhooks?: boolean
  /** How the sandbox reaches this server's webhook: the server app's own fetch. */
  deliver?: (request: Request) => Promise<Response>
  log?: Logger
}

/** The card provider the configuration names, or the sandbox (with its app, which the server mounts for browsers). */
export function cardProviderFor(settings: PaymentSettings, db: Db, notifications: NotificationSettings = {}): CardPayments {
  const configuredKey = notifications.webhookKey ? Buffer.from(notifications.webhookKey, 'hex') : undefined
  if (settings.kind === 'provider') {
    return { provider: oppwaProvider({ ...settings, widgetBase: settings.baseUrl }), ...(configuredKey ? { webhookKey: configuredKey } : {}) }
  }
  const entityId = 'sandbox-entity'
  // A fresh token per process: the sandbox checks it like the real provider, and nothing outside needs it.
  const accessToken = randomBytes(24).toString('base64url')
  const { deliver, log, sandboxWebhooks = true } = notifications
  // The sandbox notifies the instance that took the payment, in process, so a key of its own is enough when none is set.
  const webhookKey = configuredKey ?? (sandboxWebhooks && deliver ? randomBytes(32) : undefined)
  const sandbox = paymentSandboxRoutes({
    db,
    entityId,
    accessToken,
    ...(log ? { log } : {}),
    ...(sandboxWebhooks && deliver && webhookKey
      ? {
          notifications: {
            url: `http://storefront.internal${paymentWebhookPath}`,
            key: webhookKey,
            send: deliver,
            onFailure: (error: unknown) => log?.warn({ err: error }, 'the payment sandbox could not notify the webhook'),
          },
        }
      : {}),
  })
  return {
    sandbox,
    ...(webhookKey ? { webhookKey } : {}),
    // Server-to-server calls reach the sandbox in process, through the same protocol; browsers load its widget here.
    provider: oppwaProvider({
      baseUrl: 'http://payments.sandbox',
      widgetBase: paymentSandboxPrefix,
      entityId,
      accessToken,
      fetch: (request) => Promise.resolve(sandbox.fetch(request)),
    }),
  }
}
