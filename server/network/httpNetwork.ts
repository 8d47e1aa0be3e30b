import * as v from 'valibot'
import { toStorableText } from '../../src/domain/storable.ts'
import { outgoingTraceHeaders } from '../http/requestTrace.ts'
import { timeProviderCall } from '../metrics.ts'
import { NetworkRefused, NetworkUnavailable, SimReadingSchema } from './network.ts'
import type { Network, NetworkSource, SimReading } from './network.ts'

/**
 * The network adapter speaking the HTTP contract of docs/network.md: to the reseller's enabler (its base URL and
 * token from configuration), or in process to the sandbox network this server runs. Every POST carries the request's
 * idempotency key, so sending it again (after a timeout, a crash, another instance) does nothing twice.
 */

export interface HttpNetworkSettings {
  /** Where this server reaches the network, e.g. https://api.enabler.example/; no trailing slash. */
  baseUrl: string
  /** NETWORK_API_TOKEN, sent as a bearer token. */
  token: string
  source: NetworkSource
  /** The transport: global fetch for the enabler, the sandbox app's own fetch in process. */
  fetch?: (request: Request) => Promise<Response>
  timeoutMs?: number
}

const ErrorAnswerSchema = v.object({ error: v.object({ code: v.string(), message: v.optional(v.string(), '') }) })

// The network's texts end in our tables (the outbox's last_error), so what PostgreSQL refuses is replaced, not refused.
const keepable = (_key: string, value: unknown) => (typeof value === 'string' ? toStorableText(value) : value)

/** Statuses the contract says to send again: a timeout, a conflict with the same key still in progress, too many requests. */
const retried = new Set([408, 409, 429])

/** Retry-After as seconds from now: a number of seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined
  const trimmed = header.trim()
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000))
}

export function httpNetwork(settings: HttpNetworkSettings): Network {
  const send = settings.fetch ?? ((request: Request) => fetch(request))
  const timeoutMs = settings.timeoutMs ?? 15_000

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<{ status: number; json: unknown; response: Response }> {
    const request = new Request(`${settings.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key ? { 'Idempotency-Key': key } : {}),
        // The customer's request this call is made for, so the network's records and ours can be matched.
        ...outgoingTraceHeaders(),
      },
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    let response: Response
    let text: string
    try {
      response = await send(request)
      text = await response.text()
    } catch (error) {
      throw new NetworkUnavailable(`network unreachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text, keepable)
    } catch {
      json = undefined
    }
    return { status: response.status, json, response }
  }

  /** What a non-2xx answer means: refused for good (4xx but 408, 409, 429), else unavailable for now. */
  function failure(status: number, json: unknown, response: Response): NetworkRefused | NetworkUnavailable {
    const parsed = v.safeParse(ErrorAnswerSchema, json)
    const code = parsed.success ? parsed.output.error.code : `http_${status}`
    const message = parsed.success ? parsed.output.error.message : `the network answered ${status}`
    if (status >= 400 && status < 500 && !retried.has(status)) return new NetworkRefused(status, code, message)
    return new NetworkUnavailable(`network answered ${status}: ${code} ${message}`.trim(), retryAfterSeconds(response.headers.get('Retry-After')))
  }

  // Timed by operation and outcome: refused for good, or unavailable for now (retried by the outbox).
  const timed = <R>(operation: string, work: () => Promise<R>): Promise<R> =>
    timeProviderCall({ provider: 'network', operation }, (error) => (error instanceof NetworkRefused ? 'refused' : 'unavailable'), work)

  const post = (operation: string, path: string, body: unknown, key: string): Promise<void> =>
    timed(operation, async () => {
      const { status, json, response } = await call('POST', path, body, key)
      if (status < 200 || status > 299) throw failure(status, json, response)
    })

  const sim = (iccid: string) => `/v1/sims/${encodeURIComponent(iccid)}`

  return {
    source: settings.source,
    activate: (a, key) => post('activate', '/v1/activations', { iccid: a.iccid, plan: a.plan, billing: a.billing, reference: a.reference, rica: a.rica }, key),
    changePlan: (iccid, plan, key) => post('change_plan', `${sim(iccid)}/plan`, { plan }, key),
    addBundle: (iccid, bundle, reference, key) =>
      post(
        'add_bundle',
        `${sim(iccid)}/bundles`,
        { bundle: { kind: bundle.kind, amount: bundle.amount, validity_days: bundle.validity_days }, reference },
        key,
      ),
    cancel: (iccid, key) => post('cancel', `${sim(iccid)}/cancellation`, {}, key),
    suspend: (iccid, reason, key) => post('suspend', `${sim(iccid)}/suspension`, { reason }, key),
    readSim: (iccid): Promise<SimReading | null> =>
      timed('read_sim', async () => {
        const { status, json, response } = await call('GET', sim(iccid))
        if (status === 404) return null
        if (status !== 200) throw failure(status, json, response)
        const parsed = v.safeParse(SimReadingSchema, json)
        if (!parsed.success) throw new NetworkUnavailable('network answered 200 in an unknown shape')
        return parsed.output
      }),
  }
}
