import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/types.ts'
import { accountsApp, apiKey, signUp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'
import { openTestDb } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let app: TestApp

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  app = accountsApp(db)
})
afterAll(() => t.drop())

describe('the staff API', () => {
  it('answers a live staff session, never stored by a cache', async () => {
    const member = await staffSession(db, 'support')
    const res = await staffRequest(app, member, 'GET', '/me')
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(await res.json()).toMatchObject({ staff: { id: member.staffId, email: member.email, role: 'support' } })
  })

  it('refuses a request without a staff session, and a customer session is none', async () => {
    const anonymous = await staffRequest(app, undefined, 'GET', '/me')
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('Cache-Control')).toBe('no-store')
    const customer = await signUp(app)
    const asCustomer = await app.request('/api/staff/me', { headers: { Cookie: customer.cookie, Key: apiKey } })
    expect(asCustomer.status).toBe(401)
  })

  it('ends a session that sat idle too long', async () => {
    const member = await staffSession(db, 'finance')
    await db.query(`update staff_sessions set last_seen_at = now() - interval '31 minutes' where staff_id = $1`, [member.staffId])
    expect((await staffRequest(app, member, 'GET', '/me')).status).toBe(401)
    expect(await db.query('select 1 from staff_sessions where staff_id = $1', [member.staffId])).toHaveLength(0)
  })

  it('refuses a change sent as anything but JSON', async () => {
    const member = await staffSession(db, 'owner')
    const res = await app.request('/api/staff/sign-out', { method: 'POST', headers: { Cookie: member.cookie, 'Content-Type': 'text/plain' }, body: 'x' })
    expect(res.status).toBe(415)
    expect((await staffRequest(app, member, 'POST', '/sign-out')).status).toBe(204)
    expect((await staffRequest(app, member, 'GET', '/me')).status).toBe(401)
  })

  it('keeps the audit log append-only', async () => {
    await db.query(`insert into audit_log (actor, action, target_type, target_id) values ('command line', 'staff.invite', 'staff', '1')`)
    // On PostgreSQL the role lacks these privileges (the next test), which would refuse first: the trigger is shown to
    // hold by itself in a transaction that gives them back (the table's owner can), rolled back with the refusal.
    const granted = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query('grant update, delete, truncate on audit_log to current_user')
        await tx.query(sql)
      })
    await expect(granted(`update audit_log set action = 'changed'`)).rejects.toThrow(/append-only/)
    await expect(granted('delete from audit_log')).rejects.toThrow(/append-only/)
    await expect(granted('truncate audit_log')).rejects.toThrow(/append-only/)
  })

  it("grants the application's role no update, delete or truncate of the audit log, and the trigger stops even a superuser", async () => {
    await db.query(`insert into audit_log (actor, action, target_type, target_id) values ('command line', 'staff.invite', 'staff', '2')`)
    const [role] = await db.query<{ superuser: boolean; update: boolean; delete: boolean; truncate: boolean; insert: boolean; select: boolean }>(
      `select (select rolsuper from pg_roles where rolname = current_user) as superuser,
              has_table_privilege(current_user, 'audit_log', 'UPDATE') as update,
              has_table_privilege(current_user, 'audit_log', 'DELETE') as delete,
              has_table_privilege(current_user, 'audit_log', 'TRUNCATE') as truncate,
              has_table_privilege(current_user, 'audit_log', 'INSERT') as insert,
              has_table_privilege(current_user, 'audit_log', 'SELECT') as select`,
    )
    expect(role).toMatchObject({ insert: true, select: true })
    // A superuser holds every privilege whatever was revoked (PGlite runs as one); any other role lacks these three.
    if (!role?.superuser) expect(role).toMatchObject({ update: false, delete: false, truncate: false })
    const refused = role?.superuser ? /append-only/ : /permission denied|append-only/
    await expect(db.query(`update audit_log set reason = 'changed'`)).rejects.toThrow(refused)
    await expect(db.query('delete from audit_log')).rejects.toThrow(refused)
    await expect(db.query('truncate audit_log')).rejects.toThrow(refused)
    // Not by a transaction that tries either.
    await expect(db.transaction((tx) => tx.query('delete from audit_log where id = (select max(id) from audit_log)'))).rejects.toThrow(refused)
    expect(await db.query('select 1 from audit_log')).not.toHaveLength(0)
  })
})
