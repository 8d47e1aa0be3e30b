import { describe, expect, it } from 'vitest'
import { deliverMail, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'

const env = useAccountsApp()

async function failedMail(recipient = uniqueEmail()) {
  const [row] = await env.t.db.query<{ id: number | string }>(
    `insert into mail_outbox (recipient, language, template, subject, text, html, attempts, last_error, failed_at)
     values ($1, 'en', 'passwordReset', 'Reset your password', 'secret link https://x/reset_password?token=abc', '<p>x</p>', 8, '550 mailbox unavailable', now())
     returning id`,
    [recipient],
  )
  return { id: Number(row?.id), recipient }
}

describe('failed mails in the back office', () => {
  it('lists failed mails with their error, never their text, and counts them in the queue', async () => {
    const mail = await failedMail()
    const support = await staffSession(env.t.db, 'support')
    const res = await staffRequest(env.app, support, 'GET', '/mails/failed')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text).mails).toContainEqual(
      expect.objectContaining({ id: mail.id, recipient: mail.recipient, template: 'passwordReset', error: '550 mailbox unavailable', attempts: 8 }),
    )
    expect(text).not.toContain('token=abc')
    const queues = (await (await staffRequest(env.app, support, 'GET', '/queues')).json()) as { queues: Record<string, number> }
    expect(queues.queues.failedMails).toBeGreaterThanOrEqual(1)
    const finance = await staffSession(env.t.db, 'finance')
    const theirs = (await (await staffRequest(env.app, finance, 'GET', '/queues')).json()) as { queues: Record<string, number> }
    expect(theirs.queues).not.toHaveProperty('failedMails')
  })

  it('sends one failed mail again once, recorded, and the outbox delivers it', async () => {
    const mail = await failedMail()
    const other = await failedMail()
    const support = await staffSession(env.t.db, 'support')
    const [first, second] = await Promise.all([
      staffRequest(env.app, support, 'POST', `/mails/${mail.id}/resend`),
      staffRequest(env.app, support, 'POST', `/mails/${mail.id}/resend`),
    ])
    expect([first?.status, second?.status].sort()).toEqual([202, 404])
    const audit = await env.t.db.query<{ target_id: string; summary: Record<string, unknown> }>(
      `select target_id, summary from audit_log where staff_id = $1 and action = 'mail.resend'`,
      [support.staffId],
    )
    expect(audit).toEqual([{ target_id: String(mail.id), summary: { recipient: mail.recipient, template: 'passwordReset', error: '550 mailbox unavailable' } }])
    await deliverMail(env.t.db)
    const rows = await env.t.db.query<{ id: number | string; sent_at: Date | null; failed_at: Date | null }>(
      'select id, sent_at, failed_at from mail_outbox where id = any($1::bigint[]) order by id',
      [[mail.id, other.id]],
    )
    expect(rows[0]?.sent_at).not.toBeNull()
    expect(rows[1]?.sent_at).toBeNull()
    expect(rows[1]?.failed_at).not.toBeNull()
    expect((await staffRequest(env.app, support, 'POST', `/mails/${mail.id}/resend`)).status).toBe(404)
  })

  it('is closed to fulfilment and finance', async () => {
    const mail = await failedMail()
    for (const role of ['fulfilment', 'finance'] as const) {
      const member = await staffSession(env.t.db, role)
      expect((await staffRequest(env.app, member, 'GET', '/mails/failed')).status).toBe(403)
      expect((await staffRequest(env.app, member, 'POST', `/mails/${mail.id}/resend`)).status).toBe(403)
    }
  })
})
