import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { RICA_FAILURES } from '../../../src/domain/service.ts'
import type { RicaFailure, SimLife } from '../../../src/domain/service.ts'
import type { Db, Queryable } from '../../db/types.ts'
import type { Logger } from '../../log.ts'
import { pagePolicy } from '../identity/page.ts'
import { eventSender } from './events.ts'
import type { SandboxEvent, SandboxNetworkEvents } from './events.ts'
import { dispatchAgain, dispatchSim, returnSim, ricaChecked, spendDataOn } from './fulfilment.ts'
import { dataToUse, sandboxNetworkPage } from './page.ts'
import type { WaitingSim } from './page.ts'
import { refusal, takeCall } from './requests.ts'
import { activeSims, findSim, readingOf } from './store.ts'

export type { SandboxNetworkEvents } from './events.ts'

/** Where the storefront mounts the sandbox network's app: its tester's page at the prefix, its API under /v1. */
export const sandboxNetworkPrefix = '/sandbox/network'

export interface SandboxNetworkOptions {
  /** Its own tables (sandbox_network_*) live in the storefront's database; its page reads the storefront's services. */
  db: Db
  /** The bearer token every API call must carry. */
  token: string
  /** Where it sends its events; without it, nothing is told to the storefront. */
  events?: SandboxNetworkEvents
  log?: Logger
  now?: () => number
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const digest = (value: string) => createHash('sha256').update(value).digest()
const noStore = { 'Cache-Control': 'no-store' }

/**
 * The sandbox network: the demo's stand-in for the reseller's enabler. It answers the HTTP contract of docs/network.md
 * under /v1 (bearer token, an Idempotency-Key on every POST, 202 once accepted) from its own tables, then tells the
 * storefront what happened through signed events; its page at / is the demo's courier and fulfilment.
 */
export function sandboxNetworkRoutes(options: SandboxNetworkOptions): Hono {
  const { db, log } = options
  const now = options.now ?? Date.now
  const send = eventSender(options.events, now, log)
  const expectedAuth = digest(`Bearer ${options.token}`)
  const app = new Hono()

  /** Events that follow an answer: sent once it is committed, never holding up the answer. */
  const sendAfter = (events: SandboxEvent[]) => {
    if (events.length === 0) return
    setImmediate(() => send(events).catch((error: unknown) => options.events?.onFailure(error)))
  }
  const error = (c: Context, status: 400 | 401 | 404 | 413, code: string, message: string) => c.json({ error: { code, message } }, status, noStore)

  app.use('/v1/*', async (c, next) => {
    const path = contractPath(c)
    const key = c.req.header('Idempotency-Key')?.toLowerCase() ?? null
    // The periodic check reads every SIM again and again: a day of calls is plenty to count.
    await db.query(
      `with swept as (delete from sandbox_network_calls where received_at < now() - interval '1 day')
       insert into sandbox_network_calls (method, path, idempotency_key) values ($1, $2, $3)`,
      [c.req.method, path, key],
    )
    log?.info({ method: c.req.method, path, idempotencyKey: key, receivedRequestId: c.req.header('X-Request-Id') ?? null }, 'sandbox network received a call')
    if (!timingSafeEqual(digest(c.req.header('Authorization') ?? ''), expectedAuth)) return error(c, 401, 'unauthorized', 'A valid bearer token is required.')
    await next()
  })

  app.get('/v1/sims/:iccid', async (c) => {
    const sim = await findSim(db, { iccid: c.req.param('iccid') })
    if (!sim || sim.returned_at) return error(c, 404, 'unknown_sim', 'The network has no SIM with this ICCID.')
    const { iccid, msisdn, imsi, status, plan } = sim
    // Read now: what it holds is the SIM's balance or usage as of this moment.
    return c.json({ iccid, msisdn, imsi, status, plan, read_at: new Date(now()).toISOString(), ...readingOf(sim) }, 200, noStore)
  })

  app.post('/v1/*', bodyLimit({ maxSize: 32 * 1024, onError: (c) => error(c, 413, 'too_large', 'The body is too large.') }), async (c) => {
    const key = c.req.header('Idempotency-Key') ?? ''
    if (!uuidShape.test(key)) return error(c, 400, 'idempotency_key_required', 'Every POST needs an Idempotency-Key that is a UUID.')
    const body = await c.req.json<unknown>().catch(() => undefined)
    if (typeof body !== 'object' || body === null) return error(c, 400, 'invalid_request', 'The body must be a JSON object.')
    const answered = await db.transaction((tx) => takeCall(tx, { path: contractPath(c), key: key.toLowerCase(), body }, new Date(now()), log))
    sendAfter(answered.events)
    return c.json(answered.answer, answered.status as 202, noStore)
  })

  app.all('/v1/*', (c) => {
    const { status, answer } = refusal(404, 'not_found', 'No such call in the network’s API.')
    return c.json(answer, status as 404, noStore)
  })

  const page = async (c: Context, problem?: string) =>
    c.html(sandboxNetworkPage(await waitingSims(db), await activeSims(db), problem), problem ? 502 : 200, {
      'Content-Security-Policy': pagePolicy,
      'Referrer-Policy': 'no-referrer',
      ...noStore,
    })

  app.get('/', (c) => page(c))

  app.post('/', bodyLimit({ maxSize: 4 * 1024, onError: (c) => c.text('Too large', 413) }), async (c) => {
    const form = await c.req.parseBody()
    const field = (name: string) => (typeof form[name] === 'string' ? form[name].trim().slice(0, 80) : '')
    const at = new Date(now())
    const reference = field('reference')
    const attempt = Number(field('attempt'))
    const dispatch = { reference, courier: field('courier') || 'Sandbox Courier', tracking_reference: field('tracking_reference') || `SBX${now()}` }
    const act = async (q: Queryable): Promise<SandboxEvent[]> => {
      switch (field('action')) {
        case 'dispatch':
          return reference ? dispatchSim(q, dispatch, at) : []
        case 'dispatch_again':
          return dispatchAgain(q, { ...dispatch, attempt }, at)
        case 'rica_verified':
          return ricaChecked(q, reference, attempt, 'verified', at)
        case 'rica_failed': {
          const reason = field('reason')
          return (RICA_FAILURES as readonly string[]).includes(reason) ? ricaChecked(q, reference, attempt, reason as RicaFailure, at) : []
        }
        case 'return':
          return returnSim(q, reference, at)
        case 'use_data':
          return spendDataOn(q, field('iccid'), dataToUse(field('megabytes')), at)
        default:
          return []
      }
    }
    const events = await db.transaction(act)
    try {
      await send(events)
    } catch (failure) {
      options.events?.onFailure(failure)
      return page(c, `The storefront did not take the event: ${failure instanceof Error ? failure.message : String(failure)}`)
    }
    // Back to the page, which now shows what the storefront made of it.
    return c.redirect(c.req.path, 303)
  })

  return app
}

/** The call's path as the contract names it (/v1/…), wherever the app is mounted. */
function contractPath(c: Context): string {
  const path = c.req.path
  return path.slice(Math.max(0, path.indexOf('/v1/')))
}

/** The storefront's SIMs on the sandbox network still waiting on fulfilment, with the sandbox's SIM for each. */
async function waitingSims(db: Queryable): Promise<WaitingSim[]> {
  const rows = await db.query<{ reference: string; name: string; product: string; life: SimLife; rica_failure: RicaFailure | null }>(
    `select service_reference as reference, name, product, life, rica_failure from services
     where network = 'sandbox' and life not in ('active', 'returned') order by id`,
  )
  return Promise.all(
    rows.map(async (row) => {
      const sim = await findSim(db, { reference: row.reference })
      return sim ? { ...row, sim } : row
    }),
  )
}
