import { Hono } from 'hono'
import type { Queryable } from '../../db/types.ts'
import type { Logger } from '../../log.ts'

/*
 * Placeholder of the sandbox network until its own lands (engineer SANDBOX, issue 38): the agreed signature, taking
 * every change with 202 as the contract says and knowing no SIM. Its replacement keeps this signature.
 */

export const sandboxNetworkPrefix = '/sandbox/network'

export interface SandboxNetworkEvents {
  /** Our webhook's URL. */
  url: string
  /** The secret the sandbox signs its events with. */
  secret: Buffer
  /** The transport: the storefront app's own fetch, in process. */
  send: (request: Request) => Promise<Response>
  /** An event the webhook did not take. */
  onFailure: (error: unknown) => void
}

export interface SandboxNetworkOptions {
  db: Queryable
  /** The bearer token our calls must carry. */
  token: string
  events?: SandboxNetworkEvents
  log?: Logger
}

export function sandboxNetworkRoutes(options: SandboxNetworkOptions): Hono {
  const app = new Hono()
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('Authorization') !== `Bearer ${options.token}`) return c.json({ error: { code: 'unauthorized', message: 'Bad token' } }, 401)
    await next()
  })
  app.post('/v1/*', (c) => {
    const key = c.req.header('Idempotency-Key')
    if (!key) return c.json({ error: { code: 'idempotency_key_required', message: 'Idempotency-Key is required' } }, 400)
    return c.json({ request: key, status: 'accepted' }, 202)
  })
  app.get('/v1/sims/:iccid', (c) => c.json({ error: { code: 'not_found', message: 'No such SIM' } }, 404))
  app.get('/', (c) => c.text('The sandbox network'))
  return app
}
