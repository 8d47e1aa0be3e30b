import { describe, expect, it } from 'vitest'
import { activeSim } from '../helpers/activeSim.ts'
import { apiKey, outboxTo, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { placeOrder } from '../helpers/portal.ts'
import { staffRequest, staffSession } from '../helpers/staff.ts'

const env = useAccountsApp({ seeded: true })

const auditRows = (staffId: number, action: string) =>
  env.t.db.query<{ target_id: string; summary: Record<string, unknown> }>(
    'select target_id, summary from audit_log where staff_id = $1 and action = $2 order by id',
    [staffId, action],
  )

async function customerWithSim() {
  const me = await signUp(env.app)
  const serviceId = await activeSim(env.app, env.t.db, me)
  const [sim] = await env.t.db.query<{ service_number: string }>('select service_number from services where id = $1', [serviceId])
  const [order] = await env.t.db.query<{ order_number: string }>('select order_number from orders where customer_id = $1', [me.id])
  return { me, number: sim?.service_number ?? '', orderNumber: order?.order_number ?? '' }
}

describe('customers in the back office', () => {
  it('finds a customer by email, name, order number and a SIM number however it is written, and records the search', async () => {
    const { me, number, orderNumber } = await customerWithSim()
    const support = await staffSession(env.t.db, 'support')
    const find = async (q: string) => {
      const res = await staffRequest(env.app, support, 'GET', `/customers?q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      return ((await res.json()) as { customers: { id: number }[] }).customers.map((c) => c.id)
    }
    expect(await find(me.email.toUpperCase())).toContain(me.id)
    expect(await find(orderNumber)).toContain(me.id)
    expect(number).toMatch(/^0\d{9}$/)
    expect(await find(number)).toEqual([me.id])
    expect(await find(`+27 ${number.slice(1, 3)} ${number.slice(3)}`)).toEqual([me.id])
    // A wildcard typed in the box is a character to find, not a pattern matching everyone.
    expect(await find('%')).toEqual([])
    expect(await auditRows(support.staffId, 'customer.search')).toHaveLength(5)
  })

  it("opens a customer's page with orders, SIMs and messages, never a secret, and records the opening once", async () => {
    const { me, number } = await customerWithSim()
    const sent = await env.app.request('/api/support/messages', {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', Cookie: me.cookie, 'Idempotency-Key': '0b9a4a36-4d0e-4a59-8c5e-3f1b2d7c9e01' },
      body: JSON.stringify({ id: '0b9a4a36-4d0e-4a59-8c5e-3f1b2d7c9e01', message: { name: 'Thandi', email: me.email, message: 'Where is my SIM?' } }),
    })
    expect(sent.status).toBe(201)
    const support = await staffSession(env.t.db, 'support')
    const res = await staffRequest(env.app, support, 'GET', `/customers/${me.id}`)
    expect(res.status).toBe(200)
    const text = await res.text()
    const record = JSON.parse(text)
    expect(record.profile).toMatchObject({ id: me.id, email: me.email })
    expect(record.profile.identityDocument.number).toMatch(/^•+\w{4}$/)
    expect(record.orders).toHaveLength(1)
    expect(text).toContain(number)
    expect(record.messages[0]).toMatchObject({ preview: 'Where is my SIM?' })
    expect(record.consents.ricaRecords).toHaveLength(1)
    const [stored] = await env.t.db.query<{ password_hash: string; id_number: string }>('select password_hash, id_number from customers where id = $1', [me.id])
    expect(text).not.toContain(stored?.password_hash)
    expect(text).not.toMatch(/password_hash|id_number_sealed|token/i)
    expect(await auditRows(support.staffId, 'customer.view')).toEqual([expect.objectContaining({ target_id: String(me.id) })])
  })

  it('answers 404 for no such customer without recording a view', async () => {
    const support = await staffSession(env.t.db, 'support')
    expect((await staffRequest(env.app, support, 'GET', '/customers/999999999')).status).toBe(404)
    expect((await staffRequest(env.app, support, 'GET', '/customers/abc')).status).toBe(404)
    expect(await auditRows(support.staffId, 'customer.view')).toHaveLength(0)
  })

  it("sends the customer a password-reset mail in their account's language, never setting a password, within the reset limit", async () => {
    // Signed up in Afrikaans; the order came from a device in English: the account's language wins.
    const me = await signUp(env.app, {}, { language: 'af' })
    await placeOrder(env.app, me)
    await env.t.db.query(`update orders set language = 'en' where customer_id = $1`, [me.id])
    const [before] = await env.t.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [me.id])
    const support = await staffSession(env.t.db, 'support')
    const res = await staffRequest(env.app, support, 'POST', `/customers/${me.id}/password-reset`)
    expect(res.status).toBe(202)
    const mails = await outboxTo(env.t.db, me.email, 'passwordReset')
    expect(mails).toHaveLength(1)
    const [row] = await env.t.db.query<{ language: string }>('select language from mail_outbox where id = $1', [mails[0]?.id])
    expect(row?.language).toBe('af')
    const [after] = await env.t.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [me.id])
    expect(after?.password_hash).toBe(before?.password_hash)
    expect(await auditRows(support.staffId, 'customer.reset')).toEqual([expect.objectContaining({ target_id: String(me.id), summary: { language: 'af' } })])
    expect((await staffRequest(env.app, support, 'POST', `/customers/${me.id}/password-reset`)).status).toBe(202)
    expect((await staffRequest(env.app, support, 'POST', `/customers/${me.id}/password-reset`)).status).toBe(202)
    const limited = await staffRequest(env.app, support, 'POST', `/customers/${me.id}/password-reset`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(await outboxTo(env.t.db, me.email, 'passwordReset')).toHaveLength(3)
  })

  it('is closed to fulfilment and finance', async () => {
    const me = await signUp(env.app)
    for (const role of ['fulfilment', 'finance'] as const) {
      const member = await staffSession(env.t.db, role)
      expect((await staffRequest(env.app, member, 'GET', `/customers/${me.id}`)).status).toBe(403)
      expect((await staffRequest(env.app, member, 'POST', `/customers/${me.id}/password-reset`)).status).toBe(403)
    }
    expect(await outboxTo(env.t.db, me.email, 'passwordReset')).toHaveLength(0)
  })
})
