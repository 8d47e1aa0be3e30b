import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { screenshot, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { addAuthenticator, otherContext, staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

const heading = (page: import('playwright-core').Page) => page.getByRole('heading', { level: 1 })

describe('the staff app: an owner and the team', () => {
  it('an owner signs in with a passkey, invites a support member, changes their role after a passkey check, and reads it all in the audit log', async () => {
    const owner = await staffPage(server, 'owner', session, { name: 'Olwethu Owner', email: 'olwethu@staff.example' })
    const at = (path: string) => `${staffOrigin(server)}${path}`
    await expect.poll(() => heading(owner).textContent()).toContain('Olwethu Owner')
    // An owner's navigation: every screen of the registry an owner can use.
    const nav = owner.getByRole('navigation', { name: 'Back office' })
    for (const name of ['Home', 'Team', 'Audit log']) await expect.poll(() => nav.getByRole('link', { name }).count(), { message: name }).toBe(1)
    await screenshot(owner, 'staff-home')

    // Sign out, and in again with the same passkey.
    await owner.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => owner.url()).toBe(at('/staff/sign-in'))
    await expect.poll(() => heading(owner).textContent()).toBe('Sign in to the back office')
    await screenshot(owner, 'staff-sign-in')
    expect(await (await owner.request.get(at('/api/staff/me'))).status()).toBe(401)
    await owner.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect.poll(() => owner.url()).toBe(at('/staff'))
    await expect.poll(() => heading(owner).textContent()).toContain('Olwethu Owner')

    // The team: invite a support member; the form shows the link.
    await nav.getByRole('link', { name: 'Team' }).click()
    await expect.poll(() => heading(owner).textContent()).toBe('Team')
    // The route change moved the focus to the new screen's heading.
    await expect.poll(() => owner.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    await owner.getByLabel('Name', { exact: true }).fill('Sipho Support')
    await owner.getByLabel('Email', { exact: true }).fill('sipho@staff.example')
    await owner.getByLabel('Role', { exact: true }).selectOption({ label: 'Support' })
    await owner.getByRole('button', { name: 'Send the invite' }).click()
    const link = owner.locator('code', { hasText: '/staff/invite/' })
    await expect.poll(() => link.count()).toBe(1)
    const inviteUrl = new URL((await link.textContent()) ?? '')
    await screenshot(owner, 'staff-team')

    // The support member opens the link in a browser of their own and makes their passkey.
    const theirs = await otherContext(session, server)
    try {
      const support = await theirs.newPage()
      await addAuthenticator(support)
      await support.goto(at(inviteUrl.pathname))
      await expect.poll(() => support.getByText('sipho@staff.example').count()).toBe(1)
      await screenshot(support, 'staff-invite')
      await support.getByRole('button', { name: 'Create my passkey' }).click()
      await expect.poll(() => support.url()).toBe(at('/staff'))
      await expect.poll(() => heading(support).textContent()).toContain('Sipho Support')
      // A support member's navigation has neither the team nor the audit log.
      const theirNav = support.getByRole('navigation', { name: 'Back office' })
      await expect.poll(() => theirNav.getByRole('link', { name: 'Home' }).count()).toBe(1)
      expect(await theirNav.getByRole('link', { name: 'Team' }).count()).toBe(0)
      expect(await theirNav.getByRole('link', { name: 'Audit log' }).count()).toBe(0)
    } finally {
      await theirs.close()
    }

    // A role change needs a passkey check from the last five minutes: the owner's is older now.
    await server.db.query(`update staff_sessions set stepped_up_at = now() - interval '10 minutes' where staff_id = (select id from staff where email = $1)`, [
      'olwethu@staff.example',
    ])
    await owner.reload()
    await expect.poll(() => owner.getByRole('cell', { name: 'sipho@staff.example' }).count()).toBe(1)
    await owner.getByLabel('Role of Sipho Support').selectOption({ label: 'Fulfilment' })
    await owner.getByRole('button', { name: 'Change role: Sipho Support' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Confirm it is you' })
    await dialog.waitFor()
    await screenshot(owner, 'staff-step-up')
    await dialog.getByRole('button', { name: 'Use my passkey' }).click()
    await expect.poll(() => owner.getByRole('status').filter({ hasText: 'Sipho Support is now Fulfilment.' }).count()).toBe(1)
    expect(await dialog.count()).toBe(0)
    const [changed] = await server.db.query<{ role: string }>('select role from staff where email = $1', ['sipho@staff.example'])
    expect(changed?.role).toBe('fulfilment')

    // An invitation the owner thinks better of is cancelled from the list, after a confirmation.
    await owner.getByLabel('Name', { exact: true }).fill('Zola Finance')
    await owner.getByLabel('Email', { exact: true }).fill('zola@staff.example')
    await owner.getByLabel('Language of the mail', { exact: true }).selectOption({ label: 'isiXhosa' })
    await owner.getByRole('button', { name: 'Send the invite' }).click()
    const pending = owner.getByRole('listitem').filter({ hasText: 'zola@staff.example' })
    await expect.poll(() => pending.count()).toBe(1)
    owner.once('dialog', (confirm) => void confirm.accept())
    await owner.getByRole('button', { name: 'Cancel the invitation: Zola Finance' }).click()
    await expect.poll(() => owner.getByRole('status').filter({ hasText: 'The invitation of Zola Finance is cancelled.' }).count()).toBe(1)
    await expect.poll(() => pending.count()).toBe(0)

    // The audit log names each of those actions.
    await nav.getByRole('link', { name: 'Audit log' }).click()
    await expect.poll(() => heading(owner).textContent()).toBe('Audit log')
    const table = owner.getByRole('table', { name: 'Staff actions, newest first' })
    await table.waitFor()
    for (const action of ['staff.join', 'staff.sign-in', 'staff.invite', 'staff.role', 'staff.invite.cancel'])
      await expect.poll(() => table.getByRole('cell', { name: action, exact: true }).count(), { message: action }).toBeGreaterThan(0)
    await owner.getByLabel('Action', { exact: true }).fill('staff.role')
    await owner.getByRole('button', { name: 'Show', exact: true }).click()
    await expect.poll(() => table.getByRole('row').count()).toBe(2)
    await expect.poll(() => table.getByRole('cell', { name: /"to":"fulfilment"/ }).count()).toBe(1)
    await screenshot(owner, 'staff-audit')
  })
})
