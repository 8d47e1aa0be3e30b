import { randomUUID } from 'node:crypto'
import { apiKey, call, sessionCookie, signupBody } from '../../server/helpers/accounts.ts'
import { orderBody } from '../../server/helpers/orders.ts'

export interface Customer {
  id: number
  cookie: string
}

/** Signs a customer up at url, as the client at address (X-Forwarded-For, read through the one trusted proxy hop). */
export async function signUpThrough(url: string, address: string): Promise<Customer> {
  const res = await fetch(`${url}/api/v2/users`, call('POST', signupBody(), { from: address }))
  if (res.status !== 201) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`)
  const cookie = sessionCookie(res)
  if (!cookie) throw new Error('sign-up set no session cookie')
  return { id: ((await res.json()) as { user: { id: number } }).user.id, cookie }
}

/** What became of one order the client meant to place. */
export interface OrderOutcome {
  key: string
  customerId: number
  /** The final answer's status; 0 when every attempt failed without one. */
  status: number
  orderId?: number
  /** The instance (index into targets) of each attempt, in order. */
  tried: number[]
  /** The errors or statuses that made the client try again. */
  failures: string[]
  /** From the first attempt to the final answer. */
  latencyMs: number
  /** When the first attempt began (performance.now()). */
  startedAt: number
}

export interface LoadOptions {
  /** The instances' URLs; orders go to each in turn. Read on every attempt, so a caller may change it mid-run. */
  targets: string[]
  customers: Customer[]
  /** Orders in flight at any moment. */
  concurrency: number
  /** No new order starts once this is aborted; those in flight finish (retries included). */
  stop: AbortSignal
  /** Attempts per order, each on the next instance (default: twice round all of them). */
  maxAttempts?: number
}

/**
 * A client placing orders as fast as `concurrency` lets it: each order has its own Idempotency-Key (= order.id)
 * and goes to the next instance in turn; when the connection fails or is refused, or the answer is a 5xx, the
 * same request (same key, same body) is sent to the next instance, as a client behind a load balancer retries.
 */
export async function placeOrders({ targets, customers, concurrency, stop, maxAttempts = 2 * targets.length }: LoadOptions): Promise<OrderOutcome[]> {
  const outcomes: OrderOutcome[] = []
  let turn = 0
  const placeOne = async (customer: Customer): Promise<OrderOutcome> => {
    const key = randomUUID()
    const body = JSON.stringify(orderBody(undefined, { id: key }))
    const headers = { Key: apiKey, 'Content-Type': 'application/json', Cookie: customer.cookie, 'Idempotency-Key': key }
    const startedAt = performance.now()
    const outcome: OrderOutcome = { key, customerId: customer.id, status: 0, tried: [], failures: [], latencyMs: 0, startedAt }
    let at = turn++ % targets.length
    for (let attempt = 0; attempt < maxAttempts; attempt++, at = (at + 1) % targets.length) {
      outcome.tried.push(at)
      try {
        const res = await fetch(`${targets[at]}/api/v10/partner/order/${customer.id}`, { method: 'POST', headers, body })
        const text = await res.text()
        if (res.status >= 500) {
          outcome.failures.push(`${res.status} ${text.slice(0, 200)}`)
          continue
        }
        outcome.status = res.status
        if (res.status === 200) outcome.orderId = (JSON.parse(text) as { id: number }).id
        else outcome.failures.push(`${res.status} ${text.slice(0, 200)}`)
        break
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        outcome.failures.push(cause?.code ?? cause?.message ?? String(error))
      }
    }
    outcome.latencyMs = performance.now() - startedAt
    return outcome
  }
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const customer = customers[worker % customers.length]!
      while (!stop.aborted) outcomes.push(await placeOne(customer))
    }),
  )
  return outcomes
}

/** The p-th percentile (0-100) of values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}
