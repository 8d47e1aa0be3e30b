import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginLimits } from '../../server/accounts/loginLimiter.ts'
import { signupLimits } from '../../server/accounts/signupLimiter.ts'
import { startTestServer } from './helpers/testServer.ts'
import type { RunningServer } from '../../server/main.ts'
import { countPayments } from '../../server/payments/recordPayment.ts'
import { supportLimits } from '../../server/support/supportLimiter.ts'
import { accountsApp, apiKey, call, password, signUp, signupBody, uniqueEmail, useAccountsApp } from './helpers/accounts.ts'
import type { TestApp } from './helpers/accounts.ts'
import { FetchBrowser } from './helpers/browser.ts'
import { getStatus, payWithCard, postCheckout, THREE_DS_CARD, unpaidOrder } from './helpers/payments.ts'
import { roundRobin } from './helpers/roundRobin.ts'
import type { RoundRobin } from './helpers/roundRobin.ts'
import { openTestDb, secondInstanceDb, startupTimeout } from './helpers/testDb.ts'
import type { TestDb } from './helpers/testDb.ts'

const statuses = (all: Response[]) => {
  const count: Record<number, number> = {}
  for (const res of all) count[res.status] = (count[res.status] ?? 0) + 1
  return count
}

/**
 * Two instances of the app on one database, as behind a load balancer. On PostgreSQL each has its own pool, so their
 * requests really race; on PGlite they share the one embedded connection, which still proves no state is left in a process.
 */
describe('several server instances on one database', () => {
  const env = useAccountsApp({ seeded: true })
  let other: Awaited<ReturnType<typeof secondInstanceDb>>
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    other = await secondInstanceDb(env.t)
    a = env.app
    b = accountsApp(other.db)
  })
  afterAll(() => other.close())

  it('pays a card checkout made through one instance with the widget and bank page of the other, status read on the first', async () => {
    const me = await signUp(a)
    const order = await unpaidOrder(a, me)
    const created = await postCheckout(a, me, { payment: { orderId: order.id } })
    expect(created.status).toBe(200)
    const { checkoutId, scriptUrl } = (await created.json()) as { checkoutId: string; scriptUrl: string }

    expect(await (await b.request(scriptUrl)).text()).toContain(`"checkoutId":"${checkoutId}"`)
    const challenge = new URL(await payWithCard(b, checkoutId, THREE_DS_CARD))
    expect(challenge.pathname).toBe(`/sandbox/payments/v1/threeDSecure/${checkoutId}`)
    // The used checkout shows as such on the first instance too.
    expect(await (await a.request(scriptUrl)).text()).toContain('"checkoutId":null')
    const page = await a.request(challenge.pathname)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('•••• 0002')
    expect((await getStatus(a, me, checkoutId)).status).toBe(205)

    const approved = await b.request(challenge.pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    })
    expect(approved.status).toBe(303)
    expect((await getStatus(a, me, checkoutId)).status).toBe(200)
    expect((await getStatus(b, me, checkoutId)).status).toBe(200)
    expect(await countPayments(env.t.db, order.id)).toBe(1)
  })

  it(`lets exactly ${loginLimits.perEmail} of 40 parallel wrong sign-ins for one email through to the password check, the rest 429`, async () => {
    const { email } = await signUp(a)
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).request('/api/auth/login', call('POST', { email, password: 'Wrong#1234' }, { from: `203.0.113.${i + 1}` })),
      ),
    )
    expect(statuses(all)).toEqual({ 401: loginLimits.perEmail, 429: 40 - loginLimits.perEmail })
    // And now the right password is refused too, on either instance.
    for (const app of [a, b]) expect((await app.request('/api/auth/login', call('POST', { email, password }, { from: '203.0.113.99' }))).status).toBe(429)
  })

  it(`lets exactly ${loginLimits.perAddress} of 40 parallel wrong sign-ins from one address through, whatever the emails`, async () => {
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).request('/api/auth/login', call('POST', { email: uniqueEmail('guess'), password }, { from: '203.0.113.200' })),
      ),
    )
    expect(statuses(all)).toEqual({ 401: loginLimits.perAddress, 429: 40 - loginLimits.perAddress })
  })

  it(`makes exactly ${signupLimits.perAddress} accounts of a parallel burst of sign-ups from one address, then 429 with Retry-After`, async () => {
    const extra = 10
    const all = await Promise.all(
      Array.from({ length: signupLimits.perAddress + extra }, (_, i) =>
        (i % 2 ? a : b).request('/api/v2/users', call('POST', signupBody(), { from: '198.18.0.7' })),
      ),
    )
    expect(statuses(all)).toEqual({ 201: signupLimits.perAddress, 429: extra })
    const refused = all.find((res) => res.status === 429)
    expect(await refused?.json()).toEqual({ error: 'Many accounts were created from your network in the last hour. Please wait a while and try again.' })
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(signupLimits.windowMinutes * 60 - 60)
    // Another address is not held back.
    expect((await a.request('/api/v2/users', call('POST', signupBody(), { from: '198.18.0.8' }))).status).toBe(201)
  }, 60_000)

  it(`stores exactly ${supportLimits.perAddress} of a parallel burst of support messages from one address`, async () => {
    const send = (app: TestApp) => {
      const id = randomUUID()
      const body = { id, message: { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'No signal since this morning.' } }
      return app.request('/api/support/messages', {
        method: 'POST',
        headers: { Key: apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': id, 'X-Forwarded-For': '198.18.1.1' },
        body: JSON.stringify(body),
      })
    }
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? a : b)))
    expect(statuses(all)).toEqual({ 201: supportLimits.perAddress, 429: 20 - supportLimits.perAddress })
  })
})

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

describe('a social sign-in through the identity sandbox, its steps served by two instances in turn', () => {
  let t: TestDb
  let other: Awaited<ReturnType<typeof secondInstanceDb>> | undefined
  let balancer: RoundRobin
  const servers: RunningServer[] = []
  beforeAll(async () => {
    t = await openTestDb()
    other = await secondInstanceDb(t)
    balancer = await roundRobin()
    // Both serve the balancer's origin; neither trusts forwarded headers, so each sees the Host the browser sent.
    for (const db of [t.db, other.db]) {
      servers.push(
        await startTestServer({
          db,
          publicUrl: balancer.url,
          apiKey,
        }),
      )
    }
    balancer.targets = servers.map((s) => s.url)
  }, startupTimeout)
  afterAll(async () => {
    await balancer?.close()
    for (const server of servers) await server.close()
    await other?.close()
    await t?.drop()
  })

  it('signs a new customer in, whichever instance serves the start, the issuer, the sign-in page and the callback', async () => {
    const browser = new FetchBrowser(balancer.url)
    const start = await browser.request('/api/auth/google/start?returnTo=/profile')
    expect(start.status).toBe(302)
    const { res: page } = await browser.follow(start.headers.get('location') ?? '')
    expect(page.status).toBe(200)
    const html = await page.text()
    const action = [...html.matchAll(/<form method="post" action="([^"]+)"/g)][1]?.[1] ?? ''
    const { res, hops } = await browser.follow(action, form({ email: 'instances@example.co.za', name: 'Lerato Mokoena', email_verified: 'true' }))
    expect(res.status).toBe(302)
    expect(hops.at(-1)).toBe('/login?signed_in=google&returnTo=%2Fprofile')
    const me = await browser.request('/api/auth/session', { headers: { Key: apiKey } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('instances@example.co.za')
    // Every step alternated between the two instances (the callback's token call among them).
    expect(new Set(balancer.served)).toEqual(new Set([0, 1]))
  })
})
