import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_PERMISSIONS, STAFF_ROLES, roleCan } from '../../../src/domain/staff.ts'
import type { Db } from '../../../server/db/types.ts'
import { describeRoute } from 'hono-openapi'
import { allow } from '../../../server/staff/allow.ts'
import type { StaffAccess } from '../../../server/staff/allow.ts'
import { accountsApp, apiKey, signUp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'
import { placeholderPath, staffRoutesOf } from '../helpers/staffRoutes.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let app: TestApp

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  app = accountsApp(db)
}, startupTimeout)
afterAll(() => t.drop())

const isGranted = (access: StaffAccess, role: (typeof STAFF_ROLES)[number]) => access === 'anyone' || access === 'signed-in' || roleCan(role, access)

/** The request of a route as a caller would make it: its path filled with placeholders, an empty JSON object for a body. */
const send = (method: string, path: string, headers: Record<string, string>) =>
  app.request(placeholderPath(path), {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
  })

describe('the role matrix of the staff API', () => {
  it('finds every staff route with exactly one allow(), before any other middleware, declaring a known permission', () => {
    const routes = staffRoutesOf(app)
    expect(routes.length).toBeGreaterThanOrEqual(12)
    const known = new Set<string>(['anyone', 'signed-in', ...Object.keys(STAFF_PERMISSIONS)])
    const wrong = routes.filter((r) => r.allows !== 1 || !r.allowFirst || !known.has(String(r.access)))
    expect(wrong.map((r) => `${r.method} ${r.path}`)).toEqual([])
    // Only the sign-in and invitation ceremonies are open.
    expect(
      routes
        .filter((r) => r.access === 'anyone')
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(['POST /api/staff/invites/:token', 'POST /api/staff/invites/:token/options', 'POST /api/staff/sign-in', 'POST /api/staff/sign-in/options'].sort())
  })

  it('would find a route added without allow(), or with a middleware before it, so the check above can fail', () => {
    const unguarded = accountsApp(db)
    unguarded.get('/api/staff/unguarded', (c) => c.json({}))
    unguarded.get(
      '/api/staff/late',
      (_c, next) => next(),
      allow('orders.read'),
      (c) => c.json({}),
    )
    unguarded.get('/api/staff/described', describeRoute({ summary: 'x' }), allow('orders.read'), (c) => c.json({}))
    const routes = staffRoutesOf(unguarded)
    expect(routes.filter((r) => r.allows !== 1)).toEqual([expect.objectContaining({ method: 'GET', path: '/api/staff/unguarded' })])
    expect(routes.filter((r) => r.allows === 1 && !r.allowFirst)).toEqual([expect.objectContaining({ path: '/api/staff/late' })])
  })

  it('answers 401 without a staff session and to a customer session, 403 to a role without the permission, and lets every role with it through', async () => {
    const customer = await signUp(app)
    const failures: string[] = []
    for (const { method, path, access } of staffRoutesOf(app)) {
      if (access === undefined) continue
      const route = `${method} ${path} (${access})`
      const open = access === 'anyone'
      const anonymous = await send(method, path, {})
      if (open ? [401, 403].includes(anonymous.status) : anonymous.status !== 401) failures.push(`${route} without a session: ${anonymous.status}`)
      const asCustomer = await send(method, path, { Cookie: customer.cookie, Key: apiKey })
      if (open ? [401, 403].includes(asCustomer.status) : asCustomer.status !== 401) failures.push(`${route} as a customer: ${asCustomer.status}`)
      for (const role of STAFF_ROLES) {
        // A session of its own for each call: a route may end it (sign-out) or change the member.
        const member = await staffSession(db, role)
        const res = await send(method, path, { Cookie: member.cookie })
        const granted = isGranted(access, role)
        if (granted ? [401, 403].includes(res.status) : res.status !== 403) failures.push(`${route} as ${role}: ${res.status}`)
        if (!granted && (await res.json()).error === undefined) failures.push(`${route} as ${role}: no { error }`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers each refusal no-store, whoever asks', async () => {
    const res = await staffRequest(app, await staffSession(db, 'support'), 'GET', '/team')
    expect(res.status).toBe(403)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })
})
