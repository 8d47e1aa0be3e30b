import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../server/app.ts'
import type { MailSettings } from '../../../server/mail/mail.ts'
import type { RunningServer } from '../../../server/server.ts'
import { startTestServer } from '../helpers/testServer.ts'
import { apiKey, call, outboxTo, password, sessionCookie, signupBody, testScryptN } from '../helpers/accounts.ts'
import { startFakeSmtp } from '../helpers/fakeSmtp.ts'
import { openTestDb, startupTimeout, type TestDb } from '../helpers/testDb.ts'

const publicUrl = 'https://shop.example.co.za'

/** A POST whose Host header names another site, as an attacker who reaches the server directly can send it. */
function forgedPost(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const target = new URL(path, url)
  return new Promise((done, fail) => {
    const req = httpRequest(
      target,
      { method: 'POST', headers: { Host: 'evil.example', Key: apiKey, 'Content-Type': 'application/json', 'X-Forwarded-Host': 'evil.example', ...headers } },
      (res) => {
        res.resume()
        done(res.statusCode ?? 0)
      },
    )
    req.on('error', fail)
    req.end(JSON.stringify(body))
  })
}

describe('links in mails that leave the server (SMTP) are built on PUBLIC_URL, never on the Host header', () => {
  let t: TestDb
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
  let server: RunningServer
  beforeAll(async () => {
    t = await openTestDb()
    smtp = await startFakeSmtp()
    const mail: MailSettings = { kind: 'smtp', url: smtp.url, from: 'no-reply@storefront.co.za' }
    // NODE_ENV is the test runner's (not production); the proxy is trusted, so X-Forwarded-Host would be believed too.
    server = await startTestServer({
      db: t.db,
      apiKey,
      trustProxy: true,
      publicUrl,
      mail,
      mailOutboxIntervalMs: 20,
    })
  }, startupTimeout)
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
    await t?.drop()
  })

  it('mails a reset link and an email-change link on PUBLIC_URL to a request with a forged Host, through the SMTP server', async () => {
    expect(process.env.NODE_ENV).not.toBe('production')
    const body = signupBody()
    const signedUp = await fetch(`${server.url}/api/v2/users`, call('POST', body, { from: '192.0.2.10' }))
    expect(signedUp.status).toBe(201)
    const { user } = (await signedUp.json()) as { user: { id: number } }
    const cookie = sessionCookie(signedUp)!

    expect(await forgedPost(server.url, '/api/auth/password/forgot', { email: body.user.email }, { 'X-Forwarded-For': '192.0.2.11' })).toBe(202)
    const next = `moved.${Date.now()}@example.co.za`
    expect(
      await forgedPost(
        server.url,
        `/api/v2/users/${user.id}/email`,
        { email: next, current_password: password },
        { Cookie: cookie, 'X-Forwarded-For': '192.0.2.12' },
      ),
    ).toBe(200)

    // The outbox job (every 20 ms here) hands all four to the SMTP server: the sign-up's confirmation, the reset link, the
    // email-change link to the new address and its notice (with a link that stops it) to the current one.
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(4)
    const withLink = (path: string) => smtp.received.filter((m) => m.data.includes(`${path}?token=`))
    const sent = { verify: '/verify_email', reset: '/reset_password', stop: '/email_change/stop', change: '/confirm_email' }
    for (const [kind, path] of Object.entries(sent)) {
      const mails = withLink(path)
      expect(mails, kind).toHaveLength(1)
      expect(mails[0]!.to).toEqual([kind === 'change' ? next : body.user.email])
      expect(mails[0]!.data).toMatch(new RegExp(`https://shop\\.example\\.co\\.za${path}\\?token=[\\w-]{43}`))
    }
    for (const mail of smtp.received) expect(mail.data).not.toContain('evil.example')
    // The job records the mail as sent once the SMTP server has accepted it: a moment after the server counted it.
    await expect.poll(async () => (await outboxTo(t.db, next))[0]?.sent_at ?? null, { timeout: 10_000 }).not.toBeNull()
  })

  it('never builds a link on the Host when an app is given SMTP without PUBLIC_URL: it refuses and queues nothing', async () => {
    const mail: MailSettings = { kind: 'smtp', url: 'smtp://127.0.0.1:1', from: 'no-reply@storefront.co.za' }
    const app = createApp({ db: t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, mail } })
    // Sign-up mails a link too (the confirmation of the email): refused before any account or mail exists.
    const refused = signupBody()
    expect((await app.request('http://evil.example/api/v2/users', call('POST', refused, { from: '192.0.2.19' }))).status).toBe(500)
    expect(await t.db.query('select 1 from customers where lower(email) = lower($1)', [refused.user.email])).toEqual([])
    expect(await outboxTo(t.db, refused.user.email)).toEqual([])
    // An account made through the server that has PUBLIC_URL: asked a reset link through the app without it.
    const body = signupBody()
    expect((await fetch(`${server.url}/api/v2/users`, call('POST', body, { from: '192.0.2.20' }))).status).toBe(201)
    const res = await app.request('http://evil.example/api/auth/password/forgot', call('POST', { email: body.user.email }, { from: '192.0.2.21' }))
    expect(res.status).toBe(500)
    expect(await outboxTo(t.db, body.user.email, 'passwordReset')).toEqual([])
    expect(
      await t.db.query('select 1 from password_resets r join customers c on c.id = r.customer_id where lower(c.email) = lower($1)', [body.user.email]),
    ).toEqual([])
  })
})
