import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { demoOwner, demoOwnerInvite } from '../../../server/seed/demoOwner.ts'
import { useAccountsApp } from '../helpers/accounts.ts'

const env = useAccountsApp()

describe("the demo's first owner", () => {
  it('is invited at each start while nobody has joined, and never once someone has', async () => {
    const link = await demoOwnerInvite(env.t.db, 'http://localhost:8081')
    expect(link).toMatch(/^http:\/\/localhost:8081\/staff\/invite\/[\w-]{43}$/)
    const invites = await env.t.db.query<{ email: string; role: string }>('select email, role from staff_invites where used_at is null')
    expect(invites).toContainEqual({ email: demoOwner.email, role: 'owner' })
    await env.t.db.query('insert into staff (email, name, role, webauthn_user_id) values ($1, $2, $3, $4)', [
      demoOwner.email,
      demoOwner.name,
      'owner',
      randomBytes(32).toString('base64url'),
    ])
    expect(await demoOwnerInvite(env.t.db, 'http://localhost:8081')).toBeUndefined()
  })
})
