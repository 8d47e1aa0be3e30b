import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../server/db/createDb.ts'
import type { Db } from '../../server/db/types.ts'
import { seed } from '../../server/seed/seed.ts'
import { compiledProject } from '../server/helpers/compiledServer.ts'
import { doubleCharge, requestsTo } from '../server/helpers/payments.ts'
import { staffSession } from '../server/helpers/staff.ts'
import type { TestStaff } from '../server/helpers/staff.ts'
import { freshDatabase } from '../server/helpers/testDb.ts'
import type { TestDatabase } from '../server/helpers/testDb.ts'
import { stagingEnv, startInstances, stopInstances } from './helpers/cluster.ts'
import type { Instance } from './helpers/cluster.ts'
import { signUpThrough } from './helpers/orderLoad.ts'

const server = process.env.DATABASE_URL

/**
 * Finance refunds a double charge while the click reaches all three instances of the compiled server at once, twice
 * over (a double click, a retry): the provider sandbox (its state in the one database) holds exactly one refund, and
 * the payment one refund row, one audit row and one mail to the customer. Two refunds of the last rand with different
 * keys, one per instance: one is made, the others are refused.
 */
describe.skipIf(!server)('one refund under concurrent clicks on three compiled servers (needs DATABASE_URL: eval "$(bash .ci/postgres.sh start)")', () => {
  let project: Awaited<ReturnType<typeof compiledProject>>
  let database: TestDatabase
  let db: Db
  let instances: Instance[] = []
  let finance: TestStaff

  beforeAll(async () => {
    project = await compiledProject()
    database = await freshDatabase(server)
    instances = await startInstances(project.root, 3, stagingEnv(database.url, { SHUTDOWN_GRACE_MS: '0', FINANCE_EMAIL: 'finance@shop.example.co.za' }))
    db = await openDb(database.url, undefined, { poolMax: 2 })
    await seed(db)
    finance = await staffSession(db, 'finance')
  }, 120_000)
  afterAll(async () => {
    await stopInstances(instances)
    await db?.close()
    await database?.drop()
    project?.remove()
  })

  const refundThrough = (url: string, paymentId: number, body: unknown, key: string) =>
    fetch(`${url}/api/staff/payments/${paymentId}/refunds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, Cookie: finance.cookie, 'X-Forwarded-For': '198.51.100.120' },
      body: JSON.stringify(body),
    })
  const owedOf = async (orderId: number) =>
    (await db.query<{ id: number; amount: number }>(`select id, amount from payments where order_id = $1 and reconciliation = 'refund_due'`, [orderId]))[0]!
  const sandboxRefunds = async (url: string, orderNumber: string) =>
    (
      (await (await fetch(`${url}/sandbox/payments/refunds?merchantTransactionId=${encodeURIComponent(orderNumber)}`)).json()) as {
        refunds: Array<{ refunded: boolean; amount: string }>
      }
    ).refunds

  it('makes one refund of a double charge clicked through every instance at once', async () => {
    const urls = instances.map((i) => i.url)
    const me = await signUpThrough(urls[0]!, '198.51.100.121')
    const { order } = await doubleCharge(requestsTo(urls[1]!), me)
    const owed = await owedOf(order.id)
    expect(await db.query(`select id from mail_outbox where template = 'refundOwedNotice' and recipient = 'finance@shop.example.co.za'`)).toHaveLength(1)

    const key = randomUUID()
    const body = { amount: Math.round(owed.amount * 100), reason: 'duplicate payment', note: 'Paid twice' }
    const clicks = await Promise.all([...urls, ...urls].map((url) => refundThrough(url, owed.id, body, key)))
    expect(clicks.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201])
    const answers = (await Promise.all(clicks.map((r) => r.json()))) as Array<{ refund: { id: number; status: string } }>
    expect(new Set(answers.map((a) => a.refund.id)).size).toBe(1)
    expect(answers.every((a) => a.refund.status === 'refunded')).toBe(true)
    expect(clicks.filter((r) => r.headers.get('Idempotent-Replayed') !== 'true')).toHaveLength(1)

    for (const url of urls)
      expect(await sandboxRefunds(url, order.number)).toEqual([expect.objectContaining({ refunded: true, amount: owed.amount.toFixed(2) })])
    expect(await db.query('select id from refunds where payment_id = $1', [owed.id])).toHaveLength(1)
    expect(await db.query(`select id from audit_log where action = 'refund.make' and target_id = $1`, [String(owed.id)])).toHaveLength(1)
    expect(await db.query(`select id from mail_outbox where template = 'refundMade' and subject like $1`, [`%${order.number}%`])).toHaveLength(1)
  })

  it('refunds the last rand once when three refunds with their own keys race for it on three instances', async () => {
    const urls = instances.map((i) => i.url)
    const me = await signUpThrough(urls[2]!, '198.51.100.122')
    const { order } = await doubleCharge(requestsTo(urls[2]!), me)
    const owed = await owedOf(order.id)
    const cents = Math.round(owed.amount * 100)
    const raced = await Promise.all(urls.map((url) => refundThrough(url, owed.id, { amount: cents, reason: 'duplicate payment' }, randomUUID())))
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect((await sandboxRefunds(urls[0]!, order.number)).filter((r) => r.refunded)).toHaveLength(1)
    expect(await db.query(`select id from refunds where payment_id = $1`, [owed.id])).toHaveLength(1)
  })
})
