import { randomBytes, randomUUID } from 'node:crypto'
import { vi } from 'vitest'
import type { Db } from '../../../server/db/types.ts'
import { networkSignatureHeader, verifySignature } from '../../../server/network/signature.ts'
import type { SandboxEvent } from '../../../server/sandbox/network/events.ts'
import { sandboxNetworkRoutes } from '../../../server/sandbox/network/sandbox.ts'

export const token = 'sandbox-network-token-test'
export const bearer = { Authorization: `Bearer ${token}` }

/** A sandbox network whose events land in `received`, each checked against its signature as the webhook would. */
export function sandboxWithInbox(db: Db, answer = () => 200) {
  const secret = randomBytes(32)
  const received: SandboxEvent[] = []
  const signatures: Array<'ok' | 'bad' | 'stale'> = []
  const failures: unknown[] = []
  const app = sandboxNetworkRoutes({
    db,
    token,
    events: {
      url: 'http://storefront.test/api/network/events',
      secret,
      send: async (request) => {
        const body = await request.text()
        signatures.push(verifySignature(secret, request.headers.get(networkSignatureHeader) ?? undefined, body, Math.floor(Date.now() / 1000)))
        const status = answer()
        if (status < 300) received.push(JSON.parse(body) as SandboxEvent)
        return new Response(null, { status })
      },
      onFailure: (error) => failures.push(error),
    },
  })
  const post = (path: string, body: unknown, key: string | null = randomUUID(), headers: Record<string, string> = bearer) =>
    app.request(`http://network.test${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers, ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify(body),
    })
  const get = (path: string, headers: Record<string, string> = bearer) => app.request(`http://network.test${path}`, { headers })
  /** The events of these types once they have all arrived. */
  const eventsOf = (count: number, filter: (e: SandboxEvent) => boolean = () => true) =>
    vi.waitFor(() => {
      const found = received.filter(filter)
      if (found.length < count) throw new Error(`${found.length} of ${count} events so far`)
      return found
    })
  return { app, secret, received, signatures, failures, post, get, eventsOf }
}

export const rica = {
  first_names: 'Lindiwe',
  surname: 'Dlamini',
  document: { type: 'sa_id', number: '9407210456081' },
  address: { line1: '27 Rivonia Road', suburb: 'Sandown', city: 'Sandton', province: 'Gauteng', postal_code: '2196' },
}

export const activation = (iccid: string, reference: string, billing: 'prepaid' | 'monthly' = 'prepaid') => ({ iccid, plan: '9', billing, reference, rica })
