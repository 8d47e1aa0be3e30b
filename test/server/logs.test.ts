import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/server.ts'
import { scrub } from '../../server/log.ts'
import { apiKey, password, signupBody } from './helpers/accounts.ts'
import { makeFakeDist } from './helpers/fakeDist.ts'
import { captureLog } from './helpers/logCapture.ts'
import type { LogEntry } from './helpers/logCapture.ts'
import { orderBody } from './helpers/orders.ts'
import { SUCCESS_CARD } from './helpers/payments.ts'
import { freshDatabase, startupTimeout } from './helpers/testDb.ts'
import type { TestDatabase } from './helpers/testDb.ts'

// A four-digit CVV (the sandbox takes 3 or 4) is less likely than three digits to turn up by chance in a pid or a duration.
const cvv = '7391'
const idNumber = '8001015009087'

interface Sent {
  method: string
  path: string
  status: number
  requestId: string
}

describe('the logs of a whole customer journey', () => {
  const dist = makeFakeDist()
  const logged = captureLog('debug')
  let database: TestDatabase
  let server: RunningServer
  const sent: Sent[] = []
  let email = ''
  let sessionId = ''

  /** One request over HTTP, remembered with the id it was answered under. */
  async function send(method: string, path: string, init: { body?: unknown; form?: URLSearchParams; cookie?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Key: apiKey, ...init.headers }
    if (init.cookie) headers.Cookie = init.cookie
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded'
    const body = init.form ? init.form.toString() : init.body === undefined ? undefined : JSON.stringify(init.body)
    const res = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
    sent.push({ method, path, status: res.status, requestId: res.headers.get('X-Request-Id') ?? '' })
    return res
  }

  async function fetchNoRedirect(path: string) {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual' })
    sent.push({ method: 'GET', path, status: res.status, requestId: res.headers.get('X-Request-Id') ?? '' })
    return res
  }

  beforeAll(async () => {
    database = await freshDatabase()
    server = await startTestServer({
      databaseUrl: database.url,
      seed: true,
      apiKey,
      distDir: dist.dir,
      log: logged.log,
      // The journey arrives through a proxy on loopback, whose X-Request-Id is kept.
      trustProxy: ['127.0.0.1'],
    })

    // Sign up with a password and an ID number.
    const signup = signupBody({ id_number: idNumber })
    email = signup.user.email
    const created = await send('POST', '/api/v2/users', { body: signup })
    expect(created.status).toBe(201)
    const { user } = (await created.json()) as { user: { id: number } }

    // A wrong password, then the right one.
    expect((await send('POST', '/api/auth/login', { body: { email, password: `${password}-wrong` } })).status).toBe(401)
    const signedIn = await send('POST', '/api/auth/login', { body: { email, password } })
    expect(signedIn.status).toBe(200)
    sessionId =
      signedIn.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0]
        ?.slice('sid='.length) ?? ''
    expect(sessionId).not.toBe('')
    const cookie = `sid=${sessionId}`

    // The profile, looked up by email in the path; an unknown path with the email in it too.
    expect((await send('GET', `/api/v8/partner/detailed_customer_profile/email/${encodeURIComponent(email)}`, { cookie })).status).toBe(200)
    expect((await send('GET', `/api/v9/nowhere/${email}?password=${encodeURIComponent(password)}`, { cookie })).status).toBe(404)

    // An order, a card checkout, the card paid on the provider's (sandbox) form, and the payment's status.
    const order = orderBody()
    const placed = await send('POST', `/api/v10/partner/order/${user.id}`, { body: order, cookie, headers: { 'Idempotency-Key': order.order.id } })
    expect(placed.status).toBe(200)
    const { id: orderId } = (await placed.json()) as { id: number }
    const checkout = await send('POST', `/api/v2/billing/partner/checkout/${user.id}`, { body: { payment: { orderId } }, cookie })
    expect(checkout.status).toBe(200)
    const { checkoutId } = (await checkout.json()) as { checkoutId: string }
    const card = new URLSearchParams({
      'card.number': SUCCESS_CARD,
      'card.holder': 'Thandi Nkosi',
      'card.expiryMonth': '12',
      'card.expiryYear': String(new Date().getFullYear() + 3),
      'card.cvv': cvv,
      paymentBrand: 'VISA',
      shopperResultUrl: `${server.url}/payment_status/${checkoutId}`,
    })
    expect((await send('POST', `/sandbox/payments/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, { form: card })).status).toBe(200)
    expect((await send('GET', `/api/v2/billing/partner/checkout/${user.id}/${encodeURIComponent(checkoutId)}/payment`, { cookie })).status).toBe(200)

    // A support message with the email in its body, a page, and signing out.
    const message = { id: randomUUID(), message: { name: 'Thandi Nkosi', email, message: `My ID number is ${idNumber}; the router shows no signal.` } }
    expect((await send('POST', '/api/support/messages', { body: message, cookie, headers: { 'Idempotency-Key': message.id } })).status).toBe(201)
    expect((await send('GET', '/cart', { cookie })).status).toBe(200)
    expect((await send('POST', '/api/auth/logout', { cookie })).status).toBe(204)
    // A social sign-in for a "provider" that is the email: refused, and warned about without the name.
    expect((await fetchNoRedirect(`/api/auth/${encodeURIComponent(email)}/start`)).status).toBe(302)
    // One more with the proxy's own id.
    expect((await send('GET', '/api/v2/bootstrap', { headers: { 'X-Request-Id': 'lb-trace-0001' } })).status).toBe(200)
  }, startupTimeout)

  afterAll(async () => {
    await server?.close()
    await database?.drop()
    dist.remove()
  })

  const secrets = () => ({
    password,
    'ID number': idNumber,
    'card number': SUCCESS_CARD,
    'card number in groups': '4200 0000 0000 0000',
    email,
    'password in a URL or form': encodeURIComponent(password),
    'email in a URL': encodeURIComponent(email),
    'session id': sessionId,
  })

  it('never writes the password, ID number, card number, CVV, email or session id', () => {
    expect(logged.lines.length).toBeGreaterThanOrEqual(sent.length)
    for (const line of logged.lines) {
      for (const [name, secret] of Object.entries(secrets())) expect(line.includes(secret), `${name} in ${line}`).toBe(false)
      // Where digits are logged on purpose (a pid, a duration) they follow a colon, and random ids (a provider's hex
      // payment id) may hold any three digits inside a word; the CVV would be text of its own.
      expect(line, `CVV in ${line}`).not.toMatch(new RegExp(`(?<![\\w:.])${cvv}(?!\\w)`))
    }
  })

  it('had nothing to hide: no line even carried a secret for the redaction or the scrubbing to remove', () => {
    for (const line of logged.lines) expect(line).not.toMatch(/\[redacted\]|\[email\]|\[number\]/)
  })

  it('writes one access line per request: method, route pattern, status, duration and request id', () => {
    const access = logged.entries().filter((e) => e.msg === 'request')
    expect(access).toHaveLength(sent.length)
    for (const request of sent) {
      const lines = access.filter((e) => e.reqId === request.requestId)
      expect(lines, `${request.method} ${request.path}`).toHaveLength(1)
      const line = lines[0] as LogEntry
      expect(line).toMatchObject({ level: 30, method: request.method, status: request.status })
      expect(typeof line.durationMs).toBe('number')
      expect(typeof line.route).toBe('string')
    }
    expect(access.map((e) => e.route)).toEqual([
      '/api/v2/users',
      '/api/auth/login',
      '/api/auth/login',
      '/api/v8/partner/detailed_customer_profile/email/:email',
      '/api/*',
      '/api/v10/partner/order/:user_id',
      '/api/v2/billing/partner/checkout/:user_id',
      '/sandbox/payments/v1/checkouts/:id/payment',
      '/api/v2/billing/partner/checkout/:user_id/:checkout_id/payment',
      '/api/support/messages',
      '/*',
      '/api/auth/logout',
      '/api/auth/:provider/start',
      '/api/v2/bootstrap',
    ])
  })

  it('answers and logs under the id a proxy sent, and under a new UUID otherwise', () => {
    expect(sent.at(-1)?.requestId).toBe('lb-trace-0001')
    expect(logged.entries().some((e) => e.reqId === 'lb-trace-0001' && e.msg === 'request')).toBe(true)
    for (const request of sent.slice(0, -1)) expect(request.requestId).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(sent.length)
  })

  it('warns about the refused sign-in without repeating what was in the path', () => {
    expect(logged.problems().map((e) => e.msg)).toEqual(['social sign-in (unknown) failed: unknown provider'])
  })

  it('scrubs a hostile megabyte in linear time (no backtracking blow-up)', () => {
    const started = performance.now()
    for (const unit of ['a', 'a.', 'a@', 'a@b.', '1 ']) scrub(JSON.stringify({ msg: unit.repeat(1_000_000 / unit.length) }))
    expect(performance.now() - started).toBeLessThan(10_000)
  })

  it('scrubs an email address or a long number out of text that carries one, keeping the line JSON', () => {
    const line = JSON.stringify({ msg: `duplicate key: ${email} / ${idNumber} / 4200 0000 0000 0000`, reqId: '3f2c9a1e-6b7d-4c55-9e0a-202412312359' })
    expect(JSON.parse(scrub(line))).toEqual({ msg: 'duplicate key: [email] / [number] / [number]', reqId: '3f2c9a1e-6b7d-4c55-9e0a-202412312359' })
  })

  it("keeps a provider's id whose hex happens to hold 13 digits in a row", () => {
    const line = JSON.stringify({ paymentId: '9335e29b006051f3521437789012', msg: `card ${idNumber}` })
    expect(JSON.parse(scrub(line))).toEqual({ paymentId: '9335e29b006051f3521437789012', msg: 'card [number]' })
  })
})
