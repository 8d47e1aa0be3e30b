import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_ROLES, canGrant, roleCan, stepUpNeeded } from '../../../src/domain/staff.ts'
import { staffTeamMessages } from '../../../src/domain/staffTeam.ts'
import type { TeamReply } from '../../../src/domain/staffTeam.ts'
import type { Db } from '../../../server/db/types.ts'
import { accountsApp, outboxTo, uniqueEmail } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { SoftAuthenticator } from '../helpers/passkeys.ts'
import { acceptInvite, passkeySignIn, staffRequest, staffSession, testOrigin } from '../helpers/staff.ts'
import type { TestStaff } from '../helpers/staff.ts'
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

const auditOf = (targetId: string | number, action: string) =>
  db.query<{ actor: string; summary: Record<string, unknown> }>('select actor, summary from audit_log where action = $1 and target_id = $2', [
    action,
    String(targetId),
  ])

/** Makes `members` the only owners on the team (earlier tests leave owners of their own behind). */
async function onlyOwners(...members: TestStaff[]) {
  await db.query("update staff set removed_at = now() where role = 'owner' and not (id = any($1::bigint[]))", [members.map((m) => m.staffId)])
}

describe('who may grant which role', () => {
  it('lets only a member who manages staff grant a role, and never one above their own', () => {
    for (const actor of STAFF_ROLES)
      for (const role of STAFF_ROLES) expect(canGrant(actor, role), `${actor} grants ${role}`).toBe(actor === 'owner' && roleCan(actor, 'staff.manage'))
  })
})

describe('inviting to the team', () => {
  it('mails the invitation, answers its link, audits it, and the link lets the person join', async () => {
    const owner = await staffSession(db, 'owner')
    const email = uniqueEmail('packer')
    const res = await staffRequest(app, owner, 'POST', '/team/invites', { email, name: 'Sipho Dlamini', role: 'fulfilment' })
    expect(res.status).toBe(201)
    const { link, expiresAt } = (await res.json()) as { link: string; expiresAt: string }
    expect(link).toMatch(new RegExp(`^${testOrigin}/staff/invite/[A-Za-z0-9_-]{43}$`))
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)
    const [mail] = await outboxTo(db, email, 'staffInvite')
    expect(mail?.subject).toBe('You are invited to the Seed Storefront back office')
    expect(mail?.text).toContain(link)
    expect(mail?.text).toContain('Test owner invited you to the Seed Storefront back office with the role Fulfilment.')
    expect(await auditOf(email, 'staff.invite')).toEqual([
      { actor: owner.email, summary: { email, name: 'Sipho Dlamini', role: 'fulfilment', addsPasskey: false } },
    ])

    const team = (await (await staffRequest(app, owner, 'GET', '/team')).json()) as TeamReply
    expect(team.invites).toContainEqual(expect.objectContaining({ email, role: 'fulfilment', invitedBy: owner.email }))

    const joined = await acceptInvite(app, link.split('/').pop() ?? '', new SoftAuthenticator())
    expect(joined.status).toBe(201)
    const after = (await (await staffRequest(app, owner, 'GET', '/team')).json()) as TeamReply
    expect(after.invites.map((i) => i.email)).not.toContain(email)
    expect(after.members).toContainEqual(expect.objectContaining({ email, role: 'fulfilment', passkeys: 1, removedAt: null, lastSignInAt: expect.any(String) }))
  })

  it("mails the invitation in the language the owner chose, the role's name included", async () => {
    const owner = await staffSession(db, 'owner')
    const xhosa = uniqueEmail('umnini')
    const afrikaans = uniqueEmail('hulp')
    expect((await staffRequest(app, owner, 'POST', '/team/invites', { email: xhosa, name: 'Lwazi', role: 'owner', language: 'xh' })).status).toBe(201)
    expect((await staffRequest(app, owner, 'POST', '/team/invites', { email: afrikaans, name: 'Anri', role: 'support', language: 'af' })).status).toBe(201)
    const [xh] = await outboxTo(db, xhosa, 'staffInvite')
    expect(xh?.text).toContain('ngendima ethi Umnini.')
    const [af] = await outboxTo(db, afrikaans, 'staffInvite')
    expect(af?.text).toContain('met die rol Hulp.')
    const refused = await staffRequest(app, owner, 'POST', '/team/invites', { email: uniqueEmail('x'), name: 'X', role: 'support', language: 'fr' })
    expect(refused.status).toBe(400)
  })

  it('cancels an open invitation: its link stops working at once, and the cancellation is audited', async () => {
    const owner = await staffSession(db, 'owner')
    const email = uniqueEmail('changed-mind')
    const made = await staffRequest(app, owner, 'POST', '/team/invites', { email, name: 'Thabo', role: 'finance' })
    const { link } = (await made.json()) as { link: string }
    const cancelled = await staffRequest(app, owner, 'DELETE', `/team/invites/${encodeURIComponent(email.toUpperCase())}`)
    expect(cancelled.status).toBe(204)
    const team = (await (await staffRequest(app, owner, 'GET', '/team')).json()) as TeamReply
    expect(team.invites.map((i) => i.email)).not.toContain(email)
    expect((await acceptInvite(app, link.split('/').pop() ?? '', new SoftAuthenticator())).status).toBe(410)
    expect(await auditOf(email, 'staff.invite.cancel')).toEqual([{ actor: owner.email, summary: { email, name: 'Thabo', role: 'finance' } }])
    const again = await staffRequest(app, owner, 'DELETE', `/team/invites/${encodeURIComponent(email)}`)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ error: staffTeamMessages.noSuchInvite })
  })

  it('refuses to invite someone already on the team in another role, and only owners invite', async () => {
    const owner = await staffSession(db, 'owner')
    const member = await staffSession(db, 'support')
    const res = await staffRequest(app, owner, 'POST', '/team/invites', { email: member.email, name: 'Again', role: 'finance' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: staffTeamMessages.otherRole })
    expect((await staffRequest(app, owner, 'POST', '/team/invites', { email: member.email, name: 'Again', role: 'support' })).status).toBe(201)
    for (const role of ['support', 'fulfilment', 'finance'] as const) {
      const actor = await staffSession(db, role)
      expect((await staffRequest(app, actor, 'POST', '/team/invites', { email: uniqueEmail(), name: 'X', role: 'support' })).status).toBe(403)
    }
    expect((await staffRequest(app, owner, 'POST', '/team/invites', { email: 'not an email', name: '', role: 'boss' })).status).toBe(400)
  })
})

describe("changing a member's role", () => {
  it('needs a fresh passkey check, then changes and audits it', async () => {
    const owner = await staffSession(db, 'owner')
    const member = await staffSession(db, 'support')
    await db.query('update staff_sessions set stepped_up_at = null where staff_id = $1', [owner.staffId])
    const stale = await staffRequest(app, owner, 'PATCH', `/team/${member.staffId}`, { role: 'finance' })
    expect(stale.status).toBe(403)
    expect(await stale.json()).toEqual({ error: stepUpNeeded, stepUp: true })
    await db.query('update staff_sessions set stepped_up_at = now() where staff_id = $1', [owner.staffId])
    const res = await staffRequest(app, owner, 'PATCH', `/team/${member.staffId}`, { role: 'finance' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ staff: { id: member.staffId, role: 'finance' } })
    expect(await auditOf(member.staffId, 'staff.role')).toEqual([{ actor: owner.email, summary: { from: 'support', to: 'finance' } }])
    // The member's session has the new role at once.
    expect(await (await staffRequest(app, member, 'GET', '/me')).json()).toMatchObject({ staff: { role: 'finance' } })
    expect((await staffRequest(app, owner, 'PATCH', '/team/999999', { role: 'finance' })).status).toBe(404)
  })

  it('never demotes the last owner, even when two owners demote each other at once', async () => {
    const [a, b] = [await staffSession(db, 'owner'), await staffSession(db, 'owner')]
    await onlyOwners(a, b)
    const answers = await Promise.all([
      staffRequest(app, a, 'PATCH', `/team/${b.staffId}`, { role: 'support' }),
      staffRequest(app, b, 'PATCH', `/team/${a.staffId}`, { role: 'support' }),
    ])
    // The demoted owner's own request may then be refused for their new role (403) or for the last owner (409).
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    expect(await db.query("select id from staff where role = 'owner' and removed_at is null")).toHaveLength(1)

    const [last] = await db.query<{ id: number }>("select id from staff where role = 'owner' and removed_at is null")
    const lastOwner = last?.id === a.staffId ? a : b
    const res = await staffRequest(app, lastOwner, 'PATCH', `/team/${lastOwner.staffId}`, { role: 'finance' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: staffTeamMessages.lastOwner })
  })

  it('never lets two owners demote themselves at once', async () => {
    const [a, b] = [await staffSession(db, 'owner'), await staffSession(db, 'owner')]
    await onlyOwners(a, b)
    const answers = await Promise.all([
      staffRequest(app, a, 'PATCH', `/team/${a.staffId}`, { role: 'support' }),
      staffRequest(app, b, 'PATCH', `/team/${b.staffId}`, { role: 'support' }),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await db.query("select id from staff where role = 'owner' and removed_at is null")).toHaveLength(1)
  })
})

describe('removing a member', () => {
  it('ends their sessions and passkeys at once, keeps their row, and audits it', async () => {
    const owner = await staffSession(db, 'owner')
    const authenticator = new SoftAuthenticator()
    const made = await staffRequest(app, owner, 'POST', '/team/invites', { email: uniqueEmail('leaver'), name: 'Leaver', role: 'support' })
    const { link } = (await made.json()) as { link: string }
    const joined = await acceptInvite(app, link.split('/').pop() ?? '', authenticator)
    const { staff } = (await joined.json()) as { staff: { id: number } }
    const cookie = { cookie: joined.headers.getSetCookie()[0]?.split(';')[0] ?? '' }
    expect((await staffRequest(app, cookie, 'GET', '/me')).status).toBe(200)

    expect((await staffRequest(app, owner, 'DELETE', `/team/${staff.id}`)).status).toBe(204)
    expect((await staffRequest(app, cookie, 'GET', '/me')).status).toBe(401)
    expect((await passkeySignIn(app, authenticator)).status).toBe(401)
    expect(await auditOf(staff.id, 'staff.remove')).toHaveLength(1)
    const team = (await (await staffRequest(app, owner, 'GET', '/team')).json()) as TeamReply
    expect(team.members).toContainEqual(expect.objectContaining({ id: staff.id, passkeys: 0, removedAt: expect.any(String) }))
    expect((await staffRequest(app, owner, 'DELETE', `/team/${staff.id}`)).status).toBe(404)
  })

  it('never removes the last owner, even when two owners remove each other at once', async () => {
    const [a, b] = [await staffSession(db, 'owner'), await staffSession(db, 'owner')]
    await onlyOwners(a, b)
    const answers = await Promise.all([staffRequest(app, a, 'DELETE', `/team/${b.staffId}`), staffRequest(app, b, 'DELETE', `/team/${a.staffId}`)])
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses[0]).toBe(204)
    expect([401, 409]).toContain(statuses[1])
    const [last] = await db.query<{ id: number }>("select id from staff where role = 'owner' and removed_at is null")
    const lastOwner = Number(last?.id) === a.staffId ? a : b
    const res = await staffRequest(app, lastOwner, 'DELETE', `/team/${lastOwner.staffId}`)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: staffTeamMessages.lastOwner })
  })
})
