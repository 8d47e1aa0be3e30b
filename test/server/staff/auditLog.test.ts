import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../../src/domain/staffAudit.ts'
import type { Db } from '../../../server/db/types.ts'
import type { StaffRole } from '../../../src/domain/staff.ts'
import { staffForbidden, staffNotSignedIn } from '../../../server/staff/allow.ts'
import { audit, commandLineActor } from '../../../server/staff/audit.ts'
import { accountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'
import type { TestStaff } from '../helpers/staff.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

let t: TestDb
let db: Db
let app: TestApp
let owner: TestStaff
let packer: TestStaff

type Page = { entries: AuditEntry[]; next: string | null }

beforeAll(async () => {
  t = await openTestDb()
  db = t.db
  app = accountsApp(db)
  owner = await staffSession(db, 'owner')
  packer = await staffSession(db, 'fulfilment')
  const as = (m: TestStaff) => ({ staffId: m.staffId, actor: m.email, clientAddress: '198.51.100.7' })
  await db.transaction(async (tx) => {
    // The log is append-only: an older entry is written with its time rather than moved back.
    await tx.query(
      `insert into audit_log (actor, action, target_type, target_id, at) values ($1, 'staff.invite', 'staff_invite', $2, '2026-01-15T10:00:00Z')`,
      [commandLineActor.actor, owner.email],
    )
    for (const number of ['SO-000001', 'SO-000002', 'SO-000003'])
      await audit(tx, as(packer), { action: 'order.dispatch', targetType: 'order', targetId: number, summary: { courier: 'Courier Guy' } })
    await audit(tx, as(owner), { action: 'refund.make', targetType: 'order', targetId: 'SO-000002', reason: 'double charge', summary: { amount: 299 } })
  })
}, startupTimeout)
afterAll(() => t.drop())

const read = async (query = ''): Promise<Page> => {
  const res = await staffRequest(app, owner, 'GET', `/audit${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page
}

describe('reading the audit log', () => {
  it('lists every entry newest first, with who, what, on what, why, the summary, from where and when', async () => {
    const { entries, next } = await read()
    expect(next).toBeNull()
    expect(entries.map((e) => e.action)).toEqual(['refund.make', 'order.dispatch', 'order.dispatch', 'order.dispatch', 'staff.invite'])
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      staffId: owner.staffId,
      actor: owner.email,
      action: 'refund.make',
      targetType: 'order',
      targetId: 'SO-000002',
      reason: 'double charge',
      summary: { amount: 299 },
      clientAddress: '198.51.100.7',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(entries.at(-1)).toMatchObject({ staffId: null, actor: 'command line' })
  })

  it('filters by member, action, target and time', async () => {
    expect((await read(`?staffId=${packer.staffId}`)).entries.map((e) => e.targetId)).toEqual(['SO-000003', 'SO-000002', 'SO-000001'])
    expect((await read('?action=refund.make')).entries).toHaveLength(1)
    expect((await read('?targetType=order&targetId=SO-000002')).entries.map((e) => e.action)).toEqual(['refund.make', 'order.dispatch'])
    expect((await read('?to=2026-02-01')).entries.map((e) => e.action)).toEqual(['staff.invite'])
    expect((await read('?from=2026-01-16T00:00:00Z')).entries).toHaveLength(4)
    expect((await read('?from=2026-01-15&to=2026-01-15T10:00:00Z')).entries).toEqual([])
  })

  it('pages with the next value, never repeating or skipping an entry', async () => {
    const first = await read('?limit=2')
    expect(first.entries).toHaveLength(2)
    const second = await read(`?limit=2&before=${first.next}`)
    const third = await read(`?limit=2&before=${second.next}`)
    expect(third.next).toBeNull()
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e) => e.id)
    expect(ids).toEqual((await read()).entries.map((e) => e.id))
  })

  it('refuses a filter it cannot read, and anyone but an owner', async () => {
    for (const query of ['?from=yesterday', '?limit=0', '?limit=500', '?staffId=me', '?before=x']) {
      const res = await staffRequest(app, owner, 'GET', `/audit${query}`)
      expect(res.status, query).toBe(400)
    }
    expect((await staffRequest(app, packer, 'GET', '/audit')).status).toBe(403)
  })
})

describe('an action of a member who changed since the request was allowed', () => {
  const count = async () => Number((await db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]?.n)
  /** The actor a request of `member` was allowed with: their role then and their session. */
  const allowedAs = async (member: TestStaff, role: StaffRole) => {
    const [session] = await db.query<{ id_hash: Buffer }>('select id_hash from staff_sessions where staff_id = $1', [member.staffId])
    return { staffId: member.staffId, actor: member.email, clientAddress: '198.51.100.7', role, sessionHash: session!.id_hash }
  }
  const act = (actor: Awaited<ReturnType<typeof allowedAs>>) =>
    db.transaction((tx) => audit(tx, actor, { action: 'order.dispatch', targetType: 'order', targetId: 'SO-000009' }))

  it('is written while the member is as they were', async () => {
    const member = await staffSession(db, 'fulfilment')
    const before = await count()
    await act(await allowedAs(member, 'fulfilment'))
    expect(await count()).toBe(before + 1)
  })

  it('is refused, with nothing written, once the member was removed, signed out or given another role', async () => {
    const removed = await staffSession(db, 'fulfilment')
    const actor = await allowedAs(removed, 'fulfilment')
    await db.query('update staff set removed_at = now() where id = $1', [removed.staffId])
    const before = await count()
    await expect(act(actor)).rejects.toMatchObject({ status: 401, message: staffNotSignedIn })

    const signedOut = await staffSession(db, 'fulfilment')
    const theirs = await allowedAs(signedOut, 'fulfilment')
    await db.query('delete from staff_sessions where staff_id = $1', [signedOut.staffId])
    await expect(act(theirs)).rejects.toMatchObject({ status: 401 })

    const demoted = await staffSession(db, 'finance')
    const asFinance = await allowedAs(demoted, 'finance')
    await db.query(`update staff set role = 'support' where id = $1`, [demoted.staffId])
    await expect(act(asFinance)).rejects.toMatchObject({ status: 403, message: staffForbidden })
    expect(await count()).toBe(before)
  })
})
