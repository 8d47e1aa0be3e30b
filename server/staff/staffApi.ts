import { Hono } from 'hono'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Config } from '../config.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { jsonBody, withBody } from '../http/jsonBody.ts'
import { allow } from './allow.ts'
import type { StaffEnv } from './allow.ts'
import { staffQueues } from './queues.ts'
import { clearStaffCookie, readStaffCookie } from './staffCookie.ts'
import { endStaffSession, findStaffSession } from './staffSessions.ts'
import { roleCan } from '../../src/domain/staff.ts'
import { customerStaffRoutes } from '../routes/staff/customers.ts'
import { mailStaffRoutes } from '../routes/staff/mails.ts'
import type { CardProvider } from '../payments/provider.ts'
import { paymentsStaffRoutes } from '../routes/staff/payments.ts'
import type { NetworkSource } from '../network/network.ts'
import { ordersStaffRoutes } from '../routes/staff/orders.ts'
import { messagesStaffRoutes } from '../routes/staff/messages.ts'
import { StaffMeReplySchema, StaffQueuesReplySchema } from '../../src/domain/staffTeam.ts'
import { answer } from '../http/openApi.ts'
import { describeStaff } from './describeStaff.ts'
import { identityStaffRoutes } from '../routes/staff/identity.ts'
import { teamStaffRoutes } from '../routes/staff/team.ts'
import { auditLogStaffRoutes } from '../routes/staff/auditLog.ts'
import { pictureStaffRoutes, picturesPath } from '../routes/staff/pictures.ts'

const described = {
  me: describeStaff({
    summary: 'The signed-in member',
    access: 'signed-in',
    responses: { 200: answer('Who is signed in, with their role', StaffMeReplySchema) },
  }),
  signOut: describeStaff({ summary: 'End this staff session and clear its cookie', access: 'signed-in', responses: { 204: answer('Signed out') } }),
  queues: describeStaff({
    summary: "How much waits in each queue the member's role may act on",
    access: 'queues.read',
    responses: { 200: answer('A count per queue', StaffQueuesReplySchema) },
  }),
}

/** Staff request bodies are small forms; a reply to a customer is the largest. */
const maxStaffBodyBytes = 64 * 1024

/** A picture's upload is its own bytes, limited and checked by its route (routes/staff/pictures.ts), not JSON. */
const isPictureUpload = (c: Context) => c.req.method === 'POST' && c.req.path === picturesPath
const exceptPictureUpload =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    isPictureUpload(c) ? next() : middleware(c, next)

export type StaffApiSettings = Pick<Config, 'apiKey'> & Partial<Config>

/** What the staff routes act through beyond the database. */
export interface StaffApiDeps {
  /** Whose network the SIMs are on (fulfilment recorded by staff is applied as its events are); the sandbox by default. */
  network?: NetworkSource
  /** The card provider refunds are made through. */
  provider: CardProvider
}

/**
 * The staff API, mounted at /api/staff: no Key header (the staff app is not the customer's client) but the staff
 * cookie, a session of its own with idle and absolute limits. Every answer is `no-store`; a request that changes
 * anything must say it sends JSON, which no cross-site form can. Each area's routes are added below, each beginning
 * with allow(permission).
 */
export function staffApi(db: Db, config: StaffApiSettings, deps: StaffApiDeps) {
  return new Hono<StaffEnv>()
    .use(async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
    .use(async (c, next) => {
      if (isPictureUpload(c)) return next()
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !/^application\/json\b/i.test(c.req.header('Content-Type') ?? ''))
        return jsonError(c, 415, 'Request body must be JSON')
      await next()
    })
    .use(exceptPictureUpload(withBody(bodyLimit({ maxSize: maxStaffBodyBytes, onError: (c) => jsonError(c, 413, 'Request body too large') }))))
    .use(exceptPictureUpload(jsonBody))
    .use(async (c, next) => {
      const id = readStaffCookie(c)
      const session = id ? await findStaffSession(db, id, config) : undefined
      if (id && !session) clearStaffCookie(c, config)
      if (id && session) {
        c.set('staff', session.member)
        c.set('staffSession', session)
        c.set('staffCookie', id)
      }
      await next()
    })
    .get('/me', allow('signed-in'), described.me, (c) => c.json({ staff: c.var.staff }))
    .post('/sign-out', allow('signed-in'), described.signOut, async (c) => {
      await endStaffSession(db, c.var.staffCookie)
      clearStaffCookie(c, config)
      return c.body(null, 204)
    })
    .get('/queues', allow('queues.read'), described.queues, async (c) => {
      const role = c.var.staff.role
      const visible = staffQueues.filter((q) => roleCan(role, q.permission))
      const counts = await Promise.all(visible.map(async (q) => [q.name, await q.count(db)] as const))
      return c.json({ queues: Object.fromEntries(counts) })
    })
    .route('/', customerStaffRoutes(db, config))
    .route('/', mailStaffRoutes(db, config))
    .route('/', ordersStaffRoutes(db, config, { network: deps.network ?? 'sandbox' }))
    .route('/', paymentsStaffRoutes(db, { ...config, provider: deps.provider }))
    .route('/', identityStaffRoutes(db, config))
    .route('/', teamStaffRoutes(db, config))
    .route('/', auditLogStaffRoutes(db))
    .route('/', messagesStaffRoutes(db, config))
    .route('/', pictureStaffRoutes(db, config))
    .all('*', (c) => jsonError(c, 404, 'Not found'))
}
