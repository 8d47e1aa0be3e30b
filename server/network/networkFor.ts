import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { Db } from '../db/types.ts'
import type { Logger } from '../log.ts'
import { sandboxNetworkRoutes } from '../sandbox/network/sandbox.ts'
import { httpNetwork } from './httpNetwork.ts'
import type { Network } from './network.ts'
import type { NetworkSettings } from './networkSettings.ts'
import { networkWebhookPath } from './signature.ts'

export interface NetworkConnection {
  network: Network
  /** The sandbox network's app (its tester's page), which the server mounts; only when no enabler is configured. */
  sandbox?: Hono
  /** The secret the network's events are signed with; without one, the webhook is not served. */
  webhookSecret?: Buffer
}

export interface NetworkEventDelivery {
  /** How the sandbox network reaches this server's webhook: the server app's own fetch. */
  deliver?: (request: Request) => Promise<Response>
  log?: Logger
}

/** The network the configuration names (the reseller's enabler), or the sandbox network in process, with its app. */
export function networkFor(settings: NetworkSettings, db: Db, { deliver, log }: NetworkEventDelivery = {}): NetworkConnection {
  if (settings.kind === 'enabler')
    return {
      network: httpNetwork({ baseUrl: settings.baseUrl, token: settings.apiToken, source: 'enabler' }),
      webhookSecret: Buffer.from(settings.webhookSecret, 'utf8'),
    }
  // A fresh token per process: the sandbox checks it as the enabler would, and nothing outside needs it.
  const token = randomBytes(24).toString('base64url')
  // The sandbox sends its events to the instance that made them, in process, so a secret of its own is enough when none is set.
  const webhookSecret = settings.webhookSecret ? Buffer.from(settings.webhookSecret, 'utf8') : randomBytes(32)
  const sandbox = sandboxNetworkRoutes({
    db,
    token,
    ...(log ? { log } : {}),
    ...(deliver
      ? {
          events: {
            url: `http://storefront.internal${networkWebhookPath}`,
            secret: webhookSecret,
            send: deliver,
            onFailure: (error: unknown) => log?.warn({ err: error, network: 'sandbox' }, 'the sandbox network could not deliver an event to the webhook'),
          },
        }
      : {}),
  })
  return {
    sandbox,
    webhookSecret,
    // Our calls reach the sandbox in process, through the same contract the enabler speaks.
    network: httpNetwork({ baseUrl: 'http://network.sandbox', token, source: 'sandbox', fetch: (request) => Promise.resolve(sandbox.fetch(request)) }),
  }
}
