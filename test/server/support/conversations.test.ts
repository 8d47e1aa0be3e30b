import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CustomerDataSchema } from '../../../src/domain/customerDataFile.ts'
import { apiKey, call, deliverMail, signUp, useAccountsApp, type Customer } from '../helpers/accounts.ts'
import { staffRequest, staffSession, type TestStaff } from '../helpers/staff.ts'
import { readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { tooManyMessages } from '../../../server/support/storeSupportMessage.ts'
import { supportLimits } from '../../../server/support/supportLimiter.ts'
import { smtpMailer } from '../../../server/mail/smtpMailer.ts'
import { sendDueMails } from '../../../server/mail/mailOutbox.ts'
import { startFakeSmtp } from '../helpers/fakeSmtp.ts'

const supportEmail = 'help@shop.example.co.za'
let address = 0
/** A client address per message, so the per-address limit of Contact Us never refuses one. */
const newAddress = () => `198.51.100.${++address}`

const MESSAGE_ID = /^<SUP-[A-Z2-7]{8}\.[0-9a-f]{16}@shop\.example\.co\.za>$/

describe('support conversations', () => {
  const env = useAccountsApp({ config: { supportEmail, publicUrl: 'https://shop.example.co.za' } })

  /** A signed-in customer's Contact Us message, in `language`; its thread's id and reference. */
  async function newConversation(customer: Customer, text = 'My SIM has not arrived.', language = 'xh') {
    const id = randomUUID()
    const init = call('POST', { id, message: { name: 'Thandi Nkosi', email: customer.email, message: text } }, { cookie: customer.cookie, from: newAddress() })
    const res = await env.app.request('/api/support/messages', { ...init, headers: { ...init.headers, 'Idempotency-Key': id, 'Accept-Language': language } })
    expect(res.status).toBe(201)
    const { reference } = (await res.json()) as { reference: string }
    const [row] = await env.t.db.query<{ id: string | number }>('select id from support_messages where reference = $1', [reference])
    return { id: Number(row?.id), reference }
  }

  const write = (member: TestStaff, id: number, body: string, internal = false, key = randomUUID()) =>
    staffRequest(env.app, member, 'POST', `/messages/${id}/replies`, { body, internal }, { 'Idempotency-Key': key })

  const answer = (customer: Customer, reference: string, body: string, id = randomUUID()) => {
    const init = call('POST', { id, body }, { cookie: customer.cookie })
    return env.app.request(`/api/support/messages/${reference}/replies`, { ...init, headers: { ...init.headers, 'Idempotency-Key': id } })
  }

  const myConversations = async (customer: Customer) => {
    const res = await env.app.request('/api/support/messages', call('GET', undefined, { cookie: customer.cookie }))
    expect(res.status).toBe(200)
    return (await res.json()) as { conversations: { reference: string; status: string; entries: { kind: string; body: string }[] }[] }
  }

  const outboxOf = (reference: string) =>
    env.t.db.query<{
      recipient: string
      template: string
      language: string
      message_id: string | null
      in_reply_to: string | null
      thread_references: string | null
      text: string
      reply_to: string | null
    }>(
      "select recipient, template, language, message_id, in_reply_to, thread_references, text, reply_to from mail_outbox where subject like '%' || $1 || '%' order by id",
      [reference],
    )

  const auditOf = (id: number) =>
    env.t.db.query<{ action: string; staff_id: string | number }>(
      "select action, staff_id from audit_log where target_type = 'support_message' and target_id = $1 order by id",
      [String(id)],
    )

  it('threads a reply under the message: Message-ID, In-Reply-To and References on the outbox row, in the customer language', async () => {
    // The customer's language is their account's (they signed up in isiXhosa).
    const customer = await signUp(env.app, {}, { language: 'xh' })
    const { id, reference } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    expect((await write(member, id, 'It is on its way: the courier has it.')).status).toBe(201)
    const [notice, acknowledgement, reply] = await outboxOf(reference)
    expect(notice).toMatchObject({ recipient: supportEmail, template: 'supportMessage', reply_to: customer.email, in_reply_to: null })
    expect(notice?.message_id).toMatch(MESSAGE_ID)
    expect(notice?.text).toContain(`https://shop.example.co.za/staff/messages/${id}`)
    expect(acknowledgement).toMatchObject({ template: 'supportAcknowledgement', in_reply_to: notice?.message_id, thread_references: notice?.message_id })
    expect(reply).toMatchObject({ recipient: customer.email, template: 'supportReply', language: 'xh', in_reply_to: notice?.message_id })
    expect(reply?.message_id).toMatch(MESSAGE_ID)
    expect(reply?.thread_references).toBe(notice?.message_id)
    expect(reply?.text).toContain('It is on its way: the courier has it.')
    expect(reply?.text).toContain(reference)
    expect(reply?.text).toContain('https://shop.example.co.za/support')
    // The mailbox keeps the headers as the mailer was handed them.
    await deliverMail(env.t.db)
    // Delivered in one run, the acknowledgement and the reply may share a moment: the reply is found by its kind.
    const mail = (await readMailbox(env.t.db, customer.email)).find((delivered) => delivered.template === 'supportReply')
    expect(mail).toMatchObject({ template: 'supportReply', messageId: reply?.message_id, inReplyTo: notice?.message_id, references: [notice?.message_id] })
  })

  it('hands nodemailer the threading headers, which reach the SMTP server', async () => {
    const customer = await signUp(env.app)
    const { id, reference } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    await write(member, id, 'First answer.')
    await answer(customer, reference, 'Still nothing.')
    await write(member, id, 'Second answer.')
    const rows = await outboxOf(reference)
    const last = rows.at(-1)
    expect(last?.template).toBe('supportReply')
    const chain = last?.thread_references?.split(' ') ?? []
    // The notice, the first reply and the customer's answer, oldest first; it answers the customer's answer.
    expect(chain).toHaveLength(3)
    expect(chain[0]).toBe(rows[0]?.message_id)
    expect(last?.in_reply_to).toBe(chain[2])
    await deliverMail(env.t.db)
    const smtp = await startFakeSmtp()
    try {
      await env.t.db.query('update mail_outbox set sent_at = null, attempts = 0, next_attempt_at = now() where message_id = $1', [last?.message_id])
      await sendDueMails(env.t.db, smtpMailer(smtp.url, 'no-reply@shop.example.co.za'), { leaseMs: 60_000 })
      const data = smtp.received.find((m) => m.to.includes(customer.email))?.data ?? ''
      expect(data).toContain(`Message-ID: ${last?.message_id}`)
      expect(data).toContain(`In-Reply-To: ${chain[2]}`)
      expect(data.replace(/\r\n\s+/g, ' ')).toContain(`References: ${chain.join(' ')}`)
    } finally {
      await smtp.close()
    }
  })

  it('a reply sets the status waiting, a note changes nothing; each writes one audit row', async () => {
    const customer = await signUp(env.app)
    const { id } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    const note = await write(member, id, 'Courier says Tuesday.', true)
    expect(note.status).toBe(201)
    expect(await note.json()).toMatchObject({ status: 'open' })
    const reply = await write(member, id, 'Your SIM arrives on Tuesday.')
    expect(await reply.json()).toMatchObject({ status: 'waiting' })
    expect(await auditOf(id)).toEqual([
      { action: 'message.note', staff_id: member.staffId },
      { action: 'message.reply', staff_id: member.staffId },
    ])
    const thread = await (await staffRequest(env.app, member, 'GET', `/messages/${id}`)).json()
    expect(thread.message).toMatchObject({ id, status: 'waiting' })
    expect(thread.entries.map((e: { kind: string }) => e.kind)).toEqual(['message', 'note', 'reply'])
    expect(thread.entries[1].staff).toEqual({ id: member.staffId, name: 'Test support' })
  })

  it('a double click sends one reply and one mail', async () => {
    const customer = await signUp(env.app)
    const { id, reference } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    const key = randomUUID()
    const answers = await Promise.all([write(member, id, 'Once.', false, key), write(member, id, 'Once.', false, key)])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201])
    expect((await outboxOf(reference)).filter((m) => m.template === 'supportReply')).toHaveLength(1)
    expect(await auditOf(id)).toHaveLength(1)
  })

  it('PATCH sets status and assignee, with one audit row each time; an assignee must answer messages', async () => {
    const customer = await signUp(env.app)
    const { id } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    const finance = await staffSession(env.t.db, 'finance')
    const assigned = await staffRequest(env.app, member, 'PATCH', `/messages/${id}`, { assigneeId: member.staffId })
    expect(assigned.status).toBe(200)
    expect((await staffRequest(env.app, member, 'PATCH', `/messages/${id}`, { assigneeId: finance.staffId })).status).toBe(422)
    expect((await staffRequest(env.app, member, 'PATCH', `/messages/${id}`, { status: 'resolved' })).status).toBe(200)
    expect(await auditOf(id)).toEqual([
      { action: 'message.update', staff_id: member.staffId },
      { action: 'message.update', staff_id: member.staffId },
    ])
    const mine = await (await staffRequest(env.app, member, 'GET', `/messages?status=resolved&assignee=${member.staffId}`)).json()
    expect(mine.messages.map((m: { id: number }) => m.id)).toEqual([id])
  })

  it('lists open conversations first, the longest waiting first, and counts them as openMessages', async () => {
    const member = await staffSession(env.t.db, 'support')
    const customer = await signUp(env.app)
    const older = await newConversation(customer, 'older')
    const newer = await newConversation(customer, 'newer')
    await env.t.db.query("update support_messages set status_at = now() - interval '1 hour' where id = $1", [older.id])
    const waiting = await newConversation(customer, 'answered')
    await write(member, waiting.id, 'Answered.')
    const list = (await (await staffRequest(env.app, member, 'GET', '/messages')).json()) as { messages: { id: number; status: string }[] }
    const ids = list.messages.map((m) => m.id)
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id))
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(waiting.id))
    const statuses = list.messages.map((m) => m.status)
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.indexOf('waiting'))
    const [count] = await env.t.db.query<{ n: number }>("select count(*)::int as n from support_messages where status = 'open'")
    const queues = await (await staffRequest(env.app, member, 'GET', '/queues')).json()
    expect(queues.queues.openMessages).toBe(count?.n)
  })

  it('the customer answer reopens the thread and notifies support, once per key', async () => {
    const customer = await signUp(env.app)
    const { id, reference } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    await write(member, id, 'Did it arrive?')
    const key = randomUUID()
    const [first, again] = [await answer(customer, reference, 'Yes, thank you.', key), await answer(customer, reference, 'Yes, thank you.', key)]
    expect(first.status).toBe(201)
    expect(await first.json()).toEqual({ reference, status: 'open' })
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    const notices = (await outboxOf(reference)).filter((m) => m.template === 'supportAnswerNotice')
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ recipient: supportEmail, reply_to: customer.email })
    expect(notices[0]?.text).toContain(`https://shop.example.co.za/staff/messages/${id}`)
    const [thread] = (await myConversations(customer)).conversations
    expect(thread).toMatchObject({ reference, status: 'open' })
    expect(thread?.entries.map((e) => e.kind)).toEqual(['message', 'reply', 'answer'])
    // Another customer cannot answer it.
    const stranger = await signUp(env.app)
    expect((await answer(stranger, reference, 'Mine now?')).status).toBe(404)
  })

  it('never lets an internal note reach a customer API: the conversations, the answer, the data export', async () => {
    const customer = await signUp(env.app)
    const { id, reference } = await newConversation(customer)
    const member = await staffSession(env.t.db, 'support')
    const secret = 'NOTE-ONLY customer was rude on the phone'
    await write(member, id, secret, true)
    await write(member, id, 'We are looking into it.')
    const conversations = await myConversations(customer)
    expect(JSON.stringify(conversations)).not.toContain('NOTE-ONLY')
    expect(conversations.conversations[0]?.entries.map((e) => e.kind)).toEqual(['message', 'reply'])
    const answered = await answer(customer, reference, 'Thanks.')
    expect(await answered.text()).not.toContain('NOTE-ONLY')
    const exported = await env.app.request('/api/account/data', call('GET', undefined, { cookie: customer.cookie }))
    expect(exported.status).toBe(200)
    const file = await exported.text()
    expect(file).not.toContain('NOTE-ONLY')
    // The export holds the conversation itself: the team's reply and the customer's answer, in order.
    expect(v.parse(CustomerDataSchema, JSON.parse(file)).support_messages).toMatchObject([
      {
        reference,
        conversation: [
          { from: 'shop', body: 'We are looking into it.', sent_at: expect.any(String) },
          { from: 'customer', body: 'Thanks.', sent_at: expect.any(String) },
        ],
      },
    ])
    await deliverMail(env.t.db)
    for (const mail of await readMailbox(env.t.db, customer.email)) expect(mail.text + mail.html).not.toContain('NOTE-ONLY')
  })

  it('takes at most ten answers a customer sends at once in ten minutes, and asks the rest to wait (Retry-After)', async () => {
    const customer = await signUp(env.app)
    const { reference } = await newConversation(customer)
    const answers = await Promise.all(Array.from({ length: 14 }, (_, i) => answer(customer, reference, `Answer ${i + 1}`)))
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(supportLimits.answersPerCustomer)
    expect(statuses.filter((s) => s === 429)).toHaveLength(14 - supportLimits.answersPerCustomer)
    const waited = answers.find((res) => res.status === 429)!
    expect(Number(waited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await waited.json()).toEqual({ error: tooManyMessages })
    const [thread] = (await myConversations(customer)).conversations
    expect(thread?.entries.filter((e) => e.kind === 'answer')).toHaveLength(supportLimits.answersPerCustomer)
  })

  it('lets only support and owners near conversations, and no customer session', async () => {
    const customer = await signUp(env.app)
    const { id } = await newConversation(customer)
    for (const role of ['fulfilment', 'finance'] as const) {
      const member = await staffSession(env.t.db, role)
      expect((await staffRequest(env.app, member, 'GET', '/messages')).status).toBe(403)
      expect((await staffRequest(env.app, member, 'GET', `/messages/${id}`)).status).toBe(403)
      expect((await write(member, id, 'x')).status).toBe(403)
      expect((await staffRequest(env.app, member, 'PATCH', `/messages/${id}`, { status: 'resolved' })).status).toBe(403)
    }
    const owner = await staffSession(env.t.db, 'owner')
    expect((await staffRequest(env.app, owner, 'GET', `/messages/${id}`)).status).toBe(200)
    const asCustomer = await env.app.request('/api/staff/messages', { headers: { Cookie: customer.cookie, Key: apiKey } })
    expect(asCustomer.status).toBe(401)
    expect((await env.app.request('/api/support/messages', call('GET'))).status).toBe(401)
  })
})
