import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { countPayments } from '../../server/payments/recordPayment.ts'
import { seed } from '../../server/seed/seed.ts'
import { apiKey } from '../server/helpers/accounts.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { startFakeSmtp } from '../server/helpers/fakeSmtp.ts'
import { orderBody } from '../server/helpers/orders.ts'
import { safeProductionEnv } from '../server/helpers/productionEnv.ts'
import { SUCCESS_CARD } from '../server/helpers/payments.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL
const supportEmail = 'help@shop.example.co.za'

/**
 * A support message and a card payment, each reaching all three instances of the compiled server at once (a retried
 * form, a payment reported by the customer's return, the provider's webhook and every instance's reconciler), while
 * every instance sends the mail outbox to one SMTP server: each produces exactly one mail of each kind.
 */
describe.skipIf(!server)('support and receipt mails on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
  let instances: Instance[] = []

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    smtp = await startFakeSmtp()
    instances = await startInstances(
      project.root,
      3,
      stagingEnv(database.url, {
        SHUTDOWN_GRACE_MS: '0',
        MAIL_OUTBOX_INTERVAL_MS: '20',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'no-reply@shop.example.co.za',
        SUPPORT_EMAIL: supportEmail,
        RECONCILE_INTERVAL_MS: '50',
        RECONCILE_AFTER_MS: '0',
      }),
    )
    db = await openDb(database.url, undefined, { poolMax: 2 })
    await seed(db)
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    await smtp?.close()
    project?.remove()
  })

  it('mails one support message, one acknowledgement and one receipt, whichever instances take the requests and send the mails', async () => {
    const urls = instances.map((i) => i.url)
    const me = await signUpThrough(urls[0]!, '198.51.100.90')
    const [{ email }] = (await db.query<{ email: string }>('select email from customers where id = $1', [me.id])) as [{ email: string }]
    const headers = (extra: Record<string, string> = {}) => ({ Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie, ...extra })

    // The customer picks Afrikaans while signed in (the app records it on the account): every mail to them speaks it.
    const chosen = await fetch(`${urls[2]}/api/v2/users/${me.id}/language`, {
      method: 'PUT',
      headers: headers({ 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ language: 'af' }),
    })
    expect(chosen.status).toBe(200)

    // The same Contact Us message, sent through the three instances at once (a retry racing the first try).
    const message = { id: randomUUID(), message: { name: 'Thandi Nkosi', email, message: 'My SIM has not arrived yet.' } }
    const sent = await Promise.all(
      urls.map((url) =>
        fetch(`${url}/api/support/messages`, {
          method: 'POST',
          headers: headers({ 'Idempotency-Key': message.id, 'X-Forwarded-For': '198.51.100.91', 'Accept-Language': 'af' }),
          body: JSON.stringify(message),
        }),
      ),
    )
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201])
    const references = new Set(await Promise.all(sent.map(async (r) => ((await r.json()) as { reference: string }).reference)))
    expect(references.size).toBe(1)
    const [reference] = [...references] as [string]

    // An order paid by card: the sandbox's webhook reports it, the three instances' reconcilers find it, and the
    // customer's return asks each instance at once.
    const body = orderBody()
    const placed = await fetch(`${urls[1]}/api/v10/partner/order/${me.id}`, {
      method: 'POST',
      headers: headers({ 'Idempotency-Key': body.order.id }),
      body: JSON.stringify(body),
    })
    expect(placed.status).toBe(200)
    const order = (await placed.json()) as { id: number; number: string }
    const created = await fetch(`${urls[2]}/api/v2/billing/partner/checkout/${me.id}`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ payment: { orderId: order.id } }),
    })
    expect(created.status).toBe(200)
    const { checkoutId } = (await created.json()) as { checkoutId: string }
    const paid = await fetch(`${urls[0]}/sandbox/payments/v1/checkouts/${encodeURIComponent(checkoutId)}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        'card.number': SUCCESS_CARD,
        'card.holder': 'Thandi Nkosi',
        'card.expiryMonth': '12',
        'card.expiryYear': String(new Date().getFullYear() + 3),
        'card.cvv': '123',
        paymentBrand: 'VISA',
        shopperResultUrl: `https://shop.example.co.za/payment_status/${checkoutId}`,
      }).toString(),
    })
    expect(paid.status).toBe(200)
    const returned = await Promise.all(
      urls.map((url) => fetch(`${url}/api/v2/billing/partner/checkout/${me.id}/${encodeURIComponent(checkoutId)}/payment`, { headers: headers() })),
    )
    expect(returned.map((r) => r.status)).toEqual([200, 200, 200])
    expect(await countPayments(db, order.id)).toBe(1)

    // Everything queued is sent; stopped, any send under way has ended, so the SMTP server's count is final.
    await expect
      .poll(async () => (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null'))[0]!.n, { timeout: 30_000 })
      .toBe(0)
    const exits = await stopInstances(instances)
    expect(exits.every((e) => e.code === 0)).toBe(true)

    const toTeam = smtp.received.filter((m) => m.to.includes(supportEmail))
    expect(toTeam).toHaveLength(1)
    expect(toTeam[0]!.data).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, '\\$&')}\\r?$`, 'mi'))
    expect(toTeam[0]!.data).toContain(reference)
    expect(toTeam[0]!.data).toContain('My SIM has not arrived yet.')
    const toCustomer = smtp.received.filter((m) => m.to.includes(email))
    const acknowledgements = toCustomer.filter((m) => m.data.includes(reference))
    expect(acknowledgements).toHaveLength(1)
    expect(acknowledgements[0]!.data).toMatch(/^Content-Language: af\r?$/m)
    expect(toCustomer.filter((m) => m.data.includes(`Subject: Jou ${safeProductionEnv.SHOP_NAME}-kwitansie vir bestelling ${order.number}`))).toHaveLength(1)
    // The sign-up's confirmation, the acknowledgement and the receipt: nothing else, nothing twice.
    expect(toCustomer).toHaveLength(3)
    for (const { run } of instances) expect(run.entries().filter((e) => e.level >= 50)).toEqual([])
  })
})
