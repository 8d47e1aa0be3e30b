import { afterAll, beforeAll } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { seed } from '../../../server/seed/seed.ts'
import { openTestDb, startupTimeout, type TestDb } from './testDb.ts'
import type { AppOptions } from '../../../server/app.ts'
import type { Queryable } from '../../../server/db/types.ts'
import type { Db } from '../../../server/db/types.ts'
import type { Logger } from '../../../server/log.ts'
import { sandboxSender } from '../../../server/mail/mail.ts'
import { sendDueMails } from '../../../server/mail/mailOutbox.ts'
import { readMailbox, sandboxMailbox } from '../../../server/mail/sandboxMailbox.ts'

export const apiKey = 'test-key'
/** Low enough to keep the suite fast; password.test.ts checks the real default once. */
export const testScryptN = 1024
export const password = 'Secret#123'

export type TestApp = ReturnType<typeof createApp>

export const accountsApp = (db: AppOptions['db'], config: Partial<AppOptions['config']> = {}, log?: Logger) =>
  createApp({ db, config: { apiKey, scryptN: testScryptN, trustProxy: true, ...config }, ...(log ? { log } : {}) })

let counter = 0
/** A unique, valid email per call, so tests never collide on the unique index. */
export const uniqueEmail = (name = 'customer') => `${name}.${Date.now()}.${++counter}@example.co.za`

export const address = () => ({
  unit_number: '4',
  floor_level: '2',
  building_name: 'Harbour View',
  street_number: '12',
  street_name: 'Long Street',
  suburb: 'Cape Town City Centre',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  country: 'South Africa',
  gps_coordinates: { longitude: 18.4187, latitude: -33.9219 },
  deliver_to: 'Reception',
})

export const signupBody = (user: Record<string, unknown> = {}) => ({
  user: {
    first_name: 'Thandi',
    last_name: 'Nkosi',
    id_number: '9001015800088',
    email: uniqueEmail(),
    password,
    confirm_password: password,
    phone: '0821234567',
    mobile: '0831234567',
    ricaAddress: address(),
    ...user,
  },
})

/** Request init with the Key header, a JSON body and, optionally, a cookie and a client address. */
export function call(method: string, body?: unknown, extra: { cookie?: string; from?: string; key?: string | null } = {}): RequestInit {
  const headers: Record<string, string> = {}
  if (extra.key !== null) headers.Key = extra.key ?? apiKey
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (extra.cookie) headers.Cookie = extra.cookie
  if (extra.from) headers['X-Forwarded-For'] = extra.from
  return { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }
}

/** The sid cookie a response set, as `sid=value` ready for a Cookie header; undefined when none. */
export function sessionCookie(res: Response): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith('sid='))
  return line?.split(';')[0]
}

/** Signs a fresh customer up (from a page showing `language`, the app's `lang` cookie, when given) and returns their email and session cookie. */
export async function signUp(app: TestApp, user: Record<string, unknown> = {}, { language }: { language?: string } = {}) {
  const body = signupBody(user)
  const res = await app.request('/api/v2/users', call('POST', body, language ? { cookie: `lang=${language}` } : {}))
  if (res.status !== 201) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`)
  const cookie = sessionCookie(res)
  if (!cookie) throw new Error('sign-up set no session cookie')
  const { user: created } = (await res.json()) as { user: { id: number; email: string } }
  return { email: body.user.email, cookie, id: created.id }
}

export type Customer = Awaited<ReturnType<typeof signUp>>

/**
 * A migrated database (with the sandbox catalogue when `seeded`) and an app on it (with `config`, logging to `log`),
 * for one describe block; with `customer`, a customer signed up on it as `me` (read it only then).
 */
export function useAccountsApp({
  seeded = false,
  log,
  config = {},
  customer = false,
}: {
  seeded?: boolean
  log?: Logger
  config?: Partial<AppOptions['config']>
  customer?: boolean
} = {}): {
  readonly t: TestDb
  readonly app: TestApp
  readonly me: Customer
} {
  const env = {} as { t: TestDb; app: TestApp; me: Customer }
  beforeAll(async () => {
    env.t = await openTestDb()
    if (seeded) await seed(env.t.db)
    env.app = accountsApp(env.t.db, config, log)
    if (customer) env.me = await signUp(env.app)
  }, startupTimeout)
  afterAll(() => env.t.drop())
  return env
}

/** Sends what the mail outbox holds into the sandbox mailbox, as the outbox job does on its interval. */
export const deliverMail = (db: Db) => sendDueMails(db, sandboxMailbox(db, sandboxSender), { leaseMs: 60_000 })

/**
 * The mails an address got once the outbox was sent, newest first; with `template` (its name, as `passwordReset`),
 * only those. An address gets several kinds (a sign-up confirmation, notices of password and email changes), so a test
 * reading one kind names it rather than taking the newest.
 */
export async function mailsTo(db: Db, email: string, template?: string) {
  await deliverMail(db)
  const mails = await readMailbox(db, email)
  return template === undefined ? mails : mails.filter((mail) => mail.template === template)
}

/** The rows the mail outbox holds for an address (sent or not), oldest first; with `template`, only those of that template. */
export const outboxTo = (db: Queryable, email: string, template?: string) =>
  db.query<{ id: number; template: string; subject: string; text: string; sent_at: Date | null; attempts: number }>(
    `select id, template, subject, text, sent_at, attempts from mail_outbox
     where lower(recipient) = lower($1) and ($2::text is null or template = $2) order by id`,
    [email, template ?? null],
  )
