import { Hono } from 'hono'
import type { Db, Queryable } from '../../db/types.ts'
import { jsonError } from '../../http/errors.ts'
import { idParam } from '../../http/idParam.ts'
import type { ProxyTrust } from '../../http/requestInfo.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { allow } from '../../staff/allow.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { audit, countStaffAction, staffActor } from '../../staff/audit.ts'

export const noSuchFailedMail = 'There is no such failed mail: it may have been sent again already.'

const pageSize = 100

/** The mails the outbox gave up on: who, what kind, the error, when. Never the body, which may hold a live link. */
export async function failedMails(db: Queryable) {
  const rows = await db.query<{
    id: number | string
    recipient: string
    template: string
    subject: string
    language: string
    attempts: number
    last_error: string | null
    created_at: Date | string
    failed_at: Date | string
  }>(
    `select id, recipient, template, subject, language, attempts, last_error, created_at, failed_at
       from mail_outbox where failed_at is not null and sent_at is null
      order by failed_at desc, id desc limit ${pageSize}`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    recipient: r.recipient,
    template: r.template,
    subject: r.subject,
    language: r.language,
    attempts: r.attempts,
    error: r.last_error ?? '',
    createdAt: new Date(r.created_at).toISOString(),
    failedAt: new Date(r.failed_at).toISOString(),
  }))
}

/** How many mails the outbox gave up on (the failedMails queue). */
export async function countFailedMails(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number | string }>('select count(*) as n from mail_outbox where failed_at is not null and sent_at is null')
  return Number(row?.n ?? 0)
}

/**
 * The mail outbox's failures, each sent again one at a time: the row goes back to the outbox's queue with fresh
 * attempts (its next run sends it), and the resend is recorded. A mail already sent or already back in the queue is
 * not queued twice.
 */
const described = {
  failed: describeStaff({
    summary: 'The mails the outbox gave up on, newest first, with their error (never their text)',
    access: 'mails.read',
    responses: { 200: answer('At most 100 failed mails') },
  }),
  resend: describeStaff({
    summary: 'Put one failed mail back in the outbox with fresh attempts (audited)',
    access: 'mails.resend',
    responses: { 202: answer('Queued again'), 404: refusal(noSuchFailedMail) },
  }),
}

export function mailStaffRoutes(db: Db, settings: ProxyTrust) {
  return new Hono<StaffEnv>()
    .get('/mails/failed', allow('mails.read'), described.failed, async (c) => c.json({ mails: await failedMails(db) }))
    .post('/mails/:id/resend', allow('mails.resend'), described.resend, async (c) => {
      const id = idParam(c.req.param('id'))
      const resent =
        id !== undefined &&
        (await db.transaction(async (tx) => {
          const [row] = await tx.query<{ recipient: string; template: string; last_error: string | null }>(
            `update mail_outbox set failed_at = null, attempts = 0, next_attempt_at = now()
              where id = $1 and failed_at is not null and sent_at is null
              returning recipient, template, last_error`,
            [id],
          )
          if (!row) return false
          await audit(tx, staffActor(c, settings), {
            action: 'mail.resend',
            targetType: 'mail',
            targetId: id,
            summary: { recipient: row.recipient, template: row.template, error: row.last_error },
          })
          return true
        }))
      countStaffAction('mail.resend', resent ? 'done' : 'refused')
      return resent ? c.json({ resent: true }, 202) : jsonError(c, 404, noSuchFailedMail)
    })
}
