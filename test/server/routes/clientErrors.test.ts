import { describe, expect, it } from 'vitest'
import { MAX_CLIENT_ERROR_BYTES } from '../../../src/domain/clientError.ts'
import { clientErrorLimits } from '../../../server/routes/clientErrors.ts'
import { apiKey, useAccountsApp } from '../helpers/accounts.ts'
import { captureLog } from '../helpers/logCapture.ts'

let address = 0
/** A client address of its own per test, so the per-address limit of one test never reaches another. */
const newAddress = () => `198.51.100.${++address}`

const report = (patch: Record<string, unknown> = {}) => ({
  kind: 'route',
  context: 'route',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at OrderPage (https://shop.example/assets/orders-Bx3k9a.js:12:345)',
  path: '/orders/12',
  release: '2026-11-27T10:00:00.000Z',
  at: '2026-11-27T10:01:00.000Z',
  count: 1,
  ...patch,
})

describe('POST /api/v2/client_errors', () => {
  const logged = captureLog('info')
  const env = useAccountsApp({ log: logged.log })

  function send(body: unknown, { from = newAddress(), cookie, raw }: { from?: string; cookie?: string; raw?: string } = {}) {
    const headers: Record<string, string> = { Key: apiKey, 'Content-Type': 'application/json', 'X-Forwarded-For': from }
    if (cookie) headers.Cookie = cookie
    return env.app.request('/api/v2/client_errors', { method: 'POST', headers, body: raw ?? JSON.stringify(body) })
  }

  const reports = () => logged.entries().filter((e) => e.msg === 'client error')

  it('logs the report at warn with the release, the request ids and the stack frame, and answers 204', async () => {
    logged.clear()
    const res = await send(report({ requestId: 'a1b2c3d4-0000-4000-8000-000000000001' }))
    expect(res.status).toBe(204)
    const [line, ...more] = reports()
    expect(more).toEqual([])
    expect(line).toMatchObject({
      level: 40,
      release: '2026-11-27T10:00:00.000Z',
      failedRequestId: 'a1b2c3d4-0000-4000-8000-000000000001',
      reqId: res.headers.get('X-Request-Id'),
      clientError: { kind: 'route', path: '/orders/12', count: 1 },
    })
    expect((line?.clientError as { stack: string } | undefined)?.stack).toContain('orders-Bx3k9a.js:12:345')
  })

  it('logs no email, phone number, ID or card number, token or query string', async () => {
    logged.clear()
    const secrets = [
      'thandi@example.co.za',
      '082 123 4567',
      '+27821234567',
      '8001015009087',
      '4111 1111 1111 1111',
      'Zq9-abcdefghijklmnopqrstuvwxyz0123456789ABCD',
      's3cr3t',
    ]
    const res = await send(
      report({
        message: `Checkout failed for thandi@example.co.za (082 123 4567, +27821234567), ID 8001015009087, card 4111 1111 1111 1111`,
        stack: 'Error\n    at follow (https://shop.example/verify_email?token=Zq9-abcdefghijklmnopqrstuvwxyz0123456789ABCD:3:9)',
        context: 'GET /api/x?code=s3cr3t',
        path: '/reset_password?token=s3cr3t',
      }),
      { cookie: 'sid=a-session-id-that-must-not-show' },
    )
    expect(res.status).toBe(204)
    const text = logged.lines.join('\n')
    expect(reports()).toHaveLength(1)
    for (const secret of [...secrets, 'a-session-id-that-must-not-show']) expect(text).not.toContain(secret)
    const line = reports()[0]?.clientError as { message: string; stack: string }
    expect(line).toBeDefined()
    expect(line.message).toContain('[email]')
    expect(line.message).toContain('[phone]')
    expect(line.message).toContain('[number]')
    expect(line.stack).toContain('verify_email?[query]:3:9')
  })

  it(`refuses a report over ${MAX_CLIENT_ERROR_BYTES} bytes with 413 and logs nothing of it`, async () => {
    logged.clear()
    const res = await send(report({ stack: 'x'.repeat(MAX_CLIENT_ERROR_BYTES) }))
    expect(res.status).toBe(413)
    expect(reports()).toEqual([])
  })

  it('refuses a report that does not read as one (400), a field over its cap too', async () => {
    expect((await send({ message: 'only a message' })).status).toBe(400)
    expect((await send(report({ message: 'm'.repeat(1_001) }))).status).toBe(400)
  })

  it(`answers 429 with Retry-After after ${clientErrorLimits.perAddress} reports from one address`, async () => {
    const from = newAddress()
    for (let i = 0; i < clientErrorLimits.perAddress; i++) expect((await send(report(), { from })).status).toBe(204)
    logged.clear()
    const refused = await send(report(), { from })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(reports()).toEqual([])
    // Another address is not held back.
    expect((await send(report())).status).toBe(204)
  })
})
