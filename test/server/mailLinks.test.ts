import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import type { MailSettings } from '../../server/mail/mail.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { apiKey, call, outboxTo, password, sessionCookie, signupBody, testScryptN } from './support/accounts.ts'
import { startFakeSmtp } from './support/fakeSmtp.ts'
import { openTestDb, startupTimeout, type TestDb } from './support/testDb.ts'

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
    server = await startServer({
      db: t.db,
      port: 0,
      host: '127.0.0.1',
      seed: false,
      apiKey,
      scryptN: testScryptN,
      trustProxy: true,
      publicUrl,
      mail,
      mailOutboxIntervalMs: 20,
      dev: false,
      quiet: true,
      shutdownGraceMs: 0,
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

    // The outbox job (every 20 ms here) hands both to the SMTP server.
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2)
    const reset = smtp.received.find((m) => m.to.includes(body.user.email))!
    const change = smtp.received.find((m) => m.to.includes(next))!
    expect(reset.data).toMatch(/https:\/\/shop\.example\.co\.za\/reset_password\?token=[\w-]{43}/)
    expect(change.data).toMatch(/https:\/\/shop\.example\.co\.za\/confirm_email\?token=[\w-]{43}/)
    for (const mail of [reset, change]) expect(mail.data).not.toContain('evil.example')
    expect((await outboxTo(t.db, next))[0]?.sent_at).not.toBeNull()
  })

  it('never builds a link on the Host when an app is given SMTP without PUBLIC_URL: it refuses and queues nothing', async () => {
    const mail: MailSettings = { kind: 'smtp', url: 'smtp://127.0.0.1:1', from: 'no-reply@storefront.co.za' }
    const app = createApp({ db: t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true, mail } })
    const body = signupBody()
    expect((await app.request('/api/v2/users', call('POST', body, { from: '192.0.2.20' }))).status).toBe(201)
    const res = await app.request('http://evil.example/api/auth/password/forgot', call('POST', { email: body.user.email }, { from: '192.0.2.21' }))
    expect(res.status).toBe(500)
    expect(await outboxTo(t.db, body.user.email)).toEqual([])
  })
})
