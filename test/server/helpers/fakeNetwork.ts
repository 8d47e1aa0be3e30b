import { createServer as createHttpsServer } from 'node:https'
import { selfSigned } from './selfSigned.ts'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

/** One POST the fake enabler received. */
export interface ReceivedCall {
  path: string
  key: string
  body: unknown
}

export interface FakeNetwork {
  /** NETWORK_BASE_URL for the storefront. */
  url: string
  token: string
  /** Every POST, in the order received: the fake dedupes nothing, so a key sent twice is here twice. */
  readonly calls: ReceivedCall[]
  /** How many POSTs carried each idempotency key. */
  countsByKey(): Map<string, number>
  /**
   * What the next POSTs get: 'accept' (202, the default) or 'hang' (the call is taken and kept, and no answer ever
   * comes: the network did it, the storefront never hears so).
   */
  mode: 'accept' | 'hang'
  /** With TLS, the certificate to trust (NODE_EXTRA_CA_CERTS). */
  certificate?: string
  close(): Promise<void>
}

/**
 * The enabler's side of the contract (docs/network.md), as little as our calls need: every POST with a bearer token
 * and an Idempotency-Key is taken with 202 and kept, GET of a SIM is 404. Over real HTTP (or HTTPS with `tls`, as
 * production requires), so a process killed mid-call is a real cut connection.
 */
export async function startFakeNetwork({ tls = false } = {}): Promise<FakeNetwork> {
  const token = 'fake-enabler-token'
  const hanging: Array<() => void> = []
  const state: FakeNetwork = {
    url: '',
    token,
    calls: [],
    countsByKey() {
      const counts = new Map<string, number>()
      for (const call of state.calls) counts.set(call.key, (counts.get(call.key) ?? 0) + 1)
      return counts
    },
    mode: 'accept',
    close: async () => {},
  }
  const app = new Hono()
  app.use('/v1/*', async (c, next) => {
    if (c.req.header('Authorization') !== `Bearer ${token}`) return c.json({ error: { code: 'unauthorized', message: 'Bad token' } }, 401)
    await next()
  })
  app.post('/v1/*', async (c) => {
    const key = c.req.header('Idempotency-Key')
    if (!key) return c.json({ error: { code: 'idempotency_key_required', message: 'Idempotency-Key is required' } }, 400)
    state.calls.push({ path: c.req.path, key, body: await c.req.json() })
    if (state.mode === 'hang') await new Promise<void>((release) => hanging.push(release))
    return c.json({ request: key, status: 'accepted' }, 202)
  })
  app.get('/v1/sims/:iccid', (c) => c.json({ error: { code: 'not_found', message: 'No such SIM' } }, 404))
  const certificate = tls ? selfSigned() : undefined
  const server = certificate
    ? serve({
        fetch: app.fetch,
        port: 0,
        hostname: '127.0.0.1',
        createServer: createHttpsServer,
        serverOptions: { key: certificate.key, cert: certificate.cert },
      })
    : serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((done) => (server.listening ? done() : server.once('listening', () => done())))
  const { port } = server.address() as AddressInfo
  state.url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`
  if (certificate) state.certificate = certificate.certFile
  state.close = async () => {
    for (const release of hanging.splice(0)) release()
    await new Promise<void>((done) => server.close(() => done()))
    certificate?.remove()
  }
  return state
}
