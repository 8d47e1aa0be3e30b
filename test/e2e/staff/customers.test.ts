import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { signupBody } from '../../server/helpers/accounts.ts'
import { API_KEY } from '../accounts.ts'
import { screenshot, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

/** A customer signed up through the storefront's API, as the sign-up form does. */
async function customer(firstName: string) {
  const body = signupBody({ first_name: firstName, last_name: 'Dlamini' })
  const res = await fetch(`${staffOrigin(server)}/api/v2/users`, {
    method: 'POST',
    headers: { Key: API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  const { user } = (await res.json()) as { user: { id: number } }
  return { id: user.id, email: body.user.email as string }
}

describe('the staff app: support looks a customer up', () => {
  it('finds a customer, opens their page (recorded) and sends them a password-reset mail, never seeing a password', async () => {
    const { id, email } = await customer('Sipho')
    const page = await staffPage(server, 'support', session)
    await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click()
    await page.getByLabel('Email, name, mobile number or order number').fill(email)
    await page.getByRole('button', { name: 'Search' }).click()
    const result = page.getByRole('table', { name: `Customers matching “${email}”` })
    await expect.poll(() => result.getByRole('row').count()).toBe(2)
    await screenshot(page, 'staff-customers')
    await result.getByRole('link', { name: 'Sipho Dlamini' }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sipho Dlamini')
    await expect.poll(() => page.getByText('Opening this page was recorded in the audit log.').count()).toBe(1)
    // The ID number shows only its last four characters.
    await expect.poll(() => page.getByText(/South African ID •+0088/).count()).toBe(1)
    await expect.poll(() => page.getByText('9001015800088').count()).toBe(0)
    await screenshot(page, 'staff-customer')
    await page.getByRole('button', { name: 'Send a password-reset mail' }).click()
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: `A reset link is on its way to ${email}.` })
          .count(),
      )
      .toBe(1)
    const mails = await server.db.query("select 1 from mail_outbox where recipient = $1 and template = 'passwordReset'", [email])
    expect(mails).toHaveLength(1)
    const views = await server.db.query<{ action: string }>("select action from audit_log where target_type = 'customer' and target_id = $1 order by id", [
      String(id),
    ])
    expect(views.map((v) => v.action)).toEqual(['customer.view', 'customer.reset'])
  })

  it('sends a failed mail again from the failed mails queue', async () => {
    const [failed] = await server.db.query<{ id: number | string }>(
      `insert into mail_outbox (recipient, language, template, subject, text, html, attempts, last_error, failed_at)
       values ('lindiwe@example.co.za', 'en', 'orderReceipt', 'Your receipt', 'text', '<p>html</p>', 8, '550 5.1.1 mailbox unavailable', now())
       returning id`,
    )
    const page = await staffPage(server, 'support', session)
    const mailsLink = page.getByRole('navigation').getByRole('link', { name: /Failed mails/ })
    await expect.poll(() => mailsLink.textContent()).toMatch(/\d/)
    await mailsLink.click()
    const row = page.getByRole('row').filter({ hasText: 'lindiwe@example.co.za' })
    await expect.poll(() => row.getByText('550 5.1.1 mailbox unavailable (after 8 tries)').count()).toBe(1)
    await screenshot(page, 'staff-mails')
    await row.getByRole('button', { name: 'Send again to lindiwe@example.co.za' }).click()
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'The mail to lindiwe@example.co.za is back in the outbox' }).count()).toBe(1)
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'lindiwe@example.co.za' }).count()).toBe(0)
    const [row2] = await server.db.query<{ failed_at: Date | null }>('select failed_at from mail_outbox where id = $1', [failed?.id])
    expect(row2?.failed_at).toBeNull()
  })
})
