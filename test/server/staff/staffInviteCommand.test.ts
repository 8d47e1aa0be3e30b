import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../server/db/types.ts'
import { staffInviteCommand } from '../../../server/staff/staffInviteCommand.ts'
import { accountsApp, outboxTo, uniqueEmail } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { SoftAuthenticator } from '../helpers/passkeys.ts'
import { acceptInvite, staffCookieOf, staffRequest } from '../helpers/staff.ts'
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

const config = { publicUrl: 'https://shop.example.co.za', port: 8080 }

describe('npm run staff:invite', () => {
  it("prints the first owner's invitation link, audited as the command line's, and the link makes them an owner", async () => {
    const email = uniqueEmail('first.owner')
    const lines = await staffInviteCommand(db, config, ['--email', email, '--name', 'Thandi Nkosi', '--role', 'owner'])
    expect(lines[0]).toMatch(new RegExp(`^Invitation for Thandi Nkosi <${email.replaceAll('.', '\\.')}> as owner, usable once until \\d{4}-`))
    const link = lines[1] ?? ''
    expect(link).toMatch(/^https:\/\/shop\.example\.co\.za\/staff\/invite\/[A-Za-z0-9_-]{43}$/)
    expect(await db.query("select staff_id, actor, action, target_id from audit_log where action = 'staff.invite'")).toEqual([
      { staff_id: null, actor: 'command line', action: 'staff.invite', target_id: email },
    ])
    // The command line prints the link; it mails nothing.
    expect(await outboxTo(db, email)).toEqual([])

    const joined = await acceptInvite(app, link.split('/').pop() ?? '', new SoftAuthenticator())
    expect(joined.status).toBe(201)
    const me = await staffRequest(app, { cookie: staffCookieOf(joined) ?? '' }, 'GET', '/me')
    expect(await me.json()).toMatchObject({ staff: { email, name: 'Thandi Nkosi', role: 'owner' } })
  })

  it('links to the demo on this machine without PUBLIC_URL, invites an owner by default, and refuses what it cannot read', async () => {
    const lines = await staffInviteCommand(db, { publicUrl: '', port: 8080 }, ['--email', uniqueEmail(), '--name', 'Owner'])
    expect(lines[0]).toContain(' as owner,')
    expect(lines[1]).toMatch(/^http:\/\/localhost:8080\/staff\/invite\//)
    await expect(staffInviteCommand(db, config, ['--email', 'nobody', '--name', 'X'])).rejects.toThrow(
      /Invalid email address[\s\S]*usage: npm run staff:invite/,
    )
    await expect(staffInviteCommand(db, config, ['--email', uniqueEmail(), '--name', 'X', '--role', 'boss'])).rejects.toThrow(/usage/)
    await expect(staffInviteCommand(db, config, ['--mail', 'x'])).rejects.toThrow(/Unknown option '--mail'[\s\S]*usage/)
  })
})
