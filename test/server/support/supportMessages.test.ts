import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SupportAnswerSchema } from '../../../src/domain/support.ts'
import { supportLimits } from '../../../server/support/supportLimiter.ts'
import { SUPPORT_REFERENCE } from '../../../server/support/supportReference.ts'
import { accountsApp, apiKey, call, deliverMail, password, signUp, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'
import { openDb } from '../../../server/db/createDb.ts'
import { migrate, readMigrations } from '../../../server/db/migrate.ts'
import { freshDatabase, startupTimeout } from '../helpers/testDb.ts'
import { emailChangeLimits } from '../../../server/accounts/emailChangeLimiter.ts'
import { readMailbox } from '../../../server/mail/sandboxMailbox.ts'
import { guestOf } from '../../../server/http/idempotency.ts'

let address = 0
/** A client address of its own per test, so the per-address limit of one test never reaches another. */
const newAddress = () => `192.0.2.${++address}`

const message = (patch: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  message: { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'My router shows no signal since this morning.', ...patch },
})

interface SendOptions {
  key?: string | null
  from?: string
  cookie?: string
  raw?: string
  acceptLanguage?: string
}

describe('POST /api/support/messages', () => {
  const supportEmail = 'help@shop.example.co.za'
  const env = useAccountsApp({ config: { supportEmail } })

  function send(body: ({ id: string } & Record<string, unknown>) | undefined, { key, from = '198.51.100.1', cookie, raw, acceptLanguage }: SendOptions = {}) {
    const headers: Record<string, string> = { Key: apiKey, 'Content-Type': 'application/json', 'X-Forwarded-For': from }
    if (acceptLanguage) headers['Accept-Language'] = acceptLanguage
    const idempotencyKey = key === undefined ? String(body?.id) : key
    if (idempotencyKey !== null) headers['Idempotency-Key'] = idempotencyKey
    if (cookie) headers.Cookie = cookie
    return env.app.request('/api/support/messages', { method: 'POST', headers, body: raw ?? JSON.stringify(body) })
  }

  const stored = async (reference: string) =>
    (await env.t.db.query<Record<string, unknown>>('select * from support_messages where reference = $1', [reference]))[0]

  it('stores the message signed out and answers 201 with a SUP- reference', async () => {
    const body = message({ name: '  Thandi Nkosi ', message: 'Hello\nIs my SIM on its way?' })
    const res = await send(body, { from: newAddress() })
    expect(res.status).toBe(201)
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    expect(reference).toMatch(SUPPORT_REFERENCE)
    expect(await stored(reference)).toMatchObject({
      idempotency_key: body.id,
      customer_id: null,
      name: 'Thandi Nkosi',
      email: 'thandi@example.co.za',
      message: 'Hello\nIs my SIM on its way?',
    })
  })

  it('mails the message once to SUPPORT_EMAIL with the customer as Reply-To, and the customer one acknowledgement in their language', async () => {
    const email = uniqueEmail('thandi')
    const body = message({ email, message: 'My router shows no signal since this morning.' })
    const from = newAddress()
    const res = await send(body, { from, acceptLanguage: 'xh-ZA, en;q=0.5' })
    expect(res.status).toBe(201)
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    // Repeats of the same message (a retry, a second tab) queue nothing more.
    await Promise.all([1, 2].map(() => send(body, { from, acceptLanguage: 'xh-ZA' })))
    const queued = await env.t.db.query<{ recipient: string; reply_to: string | null; template: string; language: string }>(
      "select recipient, reply_to, template, language from mail_outbox where subject like '%' || $1 || '%' order by id",
      [reference],
    )
    expect(queued).toEqual([
      { recipient: supportEmail, reply_to: email, template: 'supportMessage', language: 'en' },
      { recipient: email, reply_to: null, template: 'supportAcknowledgement', language: 'xh' },
    ])
    await deliverMail(env.t.db)
    const [toTeam] = (await readMailbox(env.t.db, supportEmail)).filter((m) => m.subject.includes(reference))
    expect(toTeam).toMatchObject({ replyTo: email, template: 'supportMessage' })
    expect(toTeam?.text).toContain('My router shows no signal since this morning.')
    expect(toTeam?.text).toContain('isiXhosa')
    const acknowledgements = await readMailbox(env.t.db, email)
    expect(acknowledgements).toHaveLength(1)
    expect(acknowledgements[0]).toMatchObject({ template: 'supportAcknowledgement', language: 'xh' })
    expect(acknowledgements[0]?.text).toContain(reference)
    // The address was typed by whoever sent the form: the acknowledgement repeats neither their name nor their words.
    expect(acknowledgements[0]?.text).not.toContain('Thandi')
    expect(acknowledgements[0]?.text).not.toContain('router')
  })

  it('mails a name that looks like an escape sequence (\\u0000) exactly as typed, with no NUL byte in the mail or its subject', async () => {
    const name = 'Thandi \\u0000 \\x0a'
    const res = await send(message({ name }), { from: newAddress() })
    expect(res.status).toBe(201)
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    await deliverMail(env.t.db)
    const [toTeam] = (await readMailbox(env.t.db, supportEmail)).filter((m) => m.subject.includes(reference))
    expect(toTeam?.subject).toBe(`${reference}: a Contact Us message from ${name}`)
    expect(toTeam?.text).toContain(`${name} (thandi@example.co.za) wrote in English`)
  })

  it('records the signed-in customer who sent it', async () => {
    const me = await signUp(env.app)
    const res = await send(message(), { from: newAddress(), cookie: me.cookie })
    expect(res.status).toBe(201)
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    expect((await stored(reference))?.customer_id).toBe(me.id)
  })

  /** The support team's mail about a message, as the team reads it. */
  const teamMail = async (reference: string) => {
    await deliverMail(env.t.db)
    return (await readMailbox(env.t.db, supportEmail)).find((m) => m.subject.includes(reference))!
  }

  it("names the signed-in account's email in the team's mail, beside the address typed in the form", async () => {
    const me = await signUp(env.app)
    await env.t.db.query("update customers set email_verified_at = now(), email_verified_by = 'signup_link' where id = $1", [me.id])
    const typed = uniqueEmail('typed')
    const res = await send(message({ email: typed }), { from: newAddress(), cookie: me.cookie })
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    const mail = await teamMail(reference)
    expect(mail.replyTo).toBe(typed)
    expect(mail.text).toContain(`They were signed in to customer account ${me.id}, whose email is ${me.email}.`)
    expect(mail.html).toContain(me.email)
  })

  it("says when the signed-in account's email was never confirmed", async () => {
    const me = await signUp(env.app)
    const res = await send(message({ email: me.email }), { from: newAddress(), cookie: me.cookie })
    const { reference } = v.parse(SupportAnswerSchema, await res.json())
    expect((await teamMail(reference)).text).toContain(
      `They were signed in to customer account ${me.id}, whose email ${me.email} has not been confirmed: it may not be theirs.`,
    )
  })

  it(`counts each acknowledgement to a typed address against its ${emailChangeLimits.perRecipient} mails a day, shared with the email-change links`, async () => {
    const typed = uniqueEmail('relayed')
    const references: string[] = []
    for (let i = 0; i <= emailChangeLimits.perRecipient; i++) {
      const res = await send(message({ email: typed.toUpperCase() }), { from: newAddress() })
      expect(res.status).toBe(201)
      references.push(v.parse(SupportAnswerSchema, await res.json()).reference)
    }
    // Every message reaches the team; the acknowledgement over the cap is not sent.
    for (const reference of references) expect(await teamMail(reference)).toBeDefined()
    expect(await env.t.db.query("select 1 from mail_outbox where lower(recipient) = lower($1) and template = 'supportAcknowledgement'", [typed])).toHaveLength(
      emailChangeLimits.perRecipient,
    )
    // The acknowledgements used up the address's cap for confirmation links too.
    const someone = await signUp(env.app)
    const change = await env.app.request(
      `/api/v2/users/${someone.id}/email`,
      call('POST', { email: typed, current_password: password }, { cookie: someone.cookie, from: newAddress() }),
    )
    expect(change.status).toBe(429)
  })

  it("acknowledges every message to the signed-in customer's own proven email, outside the cap", async () => {
    const me = await signUp(env.app)
    await env.t.db.query("update customers set email_verified_at = now(), email_verified_by = 'signup_link' where id = $1", [me.id])
    for (let i = 0; i <= emailChangeLimits.perRecipient; i++)
      expect((await send(message({ email: me.email }), { from: newAddress(), cookie: me.cookie })).status).toBe(201)
    expect(await env.t.db.query("select 1 from mail_outbox where recipient = $1 and template = 'supportAcknowledgement'", [me.email])).toHaveLength(
      emailChangeLimits.perRecipient + 1,
    )
  })

  it('answers a repeat of the same key with the same reference and stores the message once', async () => {
    const body = message()
    const from = newAddress()
    const first = await send(body, { from })
    const answers = await Promise.all([1, 2, 3].map(() => send(body, { from })))
    const { reference } = v.parse(SupportAnswerSchema, await first.json())
    for (const res of answers) {
      expect(res.status).toBe(201)
      expect(res.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await res.json()).toEqual({ reference })
    }
    // The key in upper case is the same key.
    expect(await (await send(body, { from, key: body.id.toUpperCase() })).json()).toEqual({ reference })
    const [row] = await env.t.db.query<{ n: number }>('select count(*)::int as n from support_messages where idempotency_key = $1', [body.id])
    expect(row?.n).toBe(1)
  })

  it('refuses a key already used for a different message (422)', async () => {
    const body = message()
    const from = newAddress()
    expect((await send(body, { from })).status).toBe(201)
    const res = await send({ ...body, message: { ...body.message, message: 'Something else' } }, { from })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ error: 'This request was already used for a different message.' })
  })

  it('answers 400 without the Idempotency-Key header, with one that is not a UUID, or one that is not the body id', async () => {
    const from = newAddress()
    expect(await (await send(message(), { key: null, from })).json()).toEqual({ error: 'Missing Idempotency-Key header.' })
    expect(await (await send(message(), { key: 'abc', from })).json()).toEqual({ error: 'The Idempotency-Key header must be a UUID.' })
    const other = await send(message(), { key: randomUUID(), from })
    expect(other.status).toBe(400)
    expect(await other.json()).toEqual({ error: 'id must equal the Idempotency-Key header.' })
  })

  it('answers 400 with the shared messages for a blank, overlong or direction-reversing name, a bad or overlong email, a blank or overlong message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Name is required.'],
      [{ email: '' }, 'Email is required.'],
      [{ email: 'not-an-email' }, 'Invalid email address.'],
      [{ message: ' ' }, 'Message is required.'],
      [{ message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters.'],
      [{ name: 'N'.repeat(101) }, 'Name must be at most 100 characters.'],
      [{ name: 'Thandi\u202Egnp.exe' }, 'Name cannot contain text direction control characters.'],
      [{ email: `${'a'.repeat(250)}@example.co.za` }, 'Invalid email address.'],
      // Refused at the request edge, before the schema, which names the field by its path.
      [{ name: 'Tha\0ndi' }, 'message.name contains characters that cannot be saved.'],
    ]
    for (const [patch, error] of cases) {
      const res = await send(message(patch), { from: newAddress() })
      expect(res.status, error).toBe(400)
      const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] }
      expect(body.error, JSON.stringify(patch)).toBe(error)
      expect(body.issues.length).toBeGreaterThan(0)
    }
    const noId = await send({ id: 'nope', message: message().message }, { key: randomUUID(), from: newAddress() })
    expect(noId.status).toBe(400)
    expect(((await noId.json()) as { issues: unknown[] }).issues).toEqual([{ path: 'id', message: expect.any(String) }])
  })

  it(`answers 429 with Retry-After after ${supportLimits.perAddress} new messages from one address in ${supportLimits.windowMinutes} minutes, but repeats still answer`, async () => {
    const from = newAddress()
    const sent = []
    for (let i = 0; i < supportLimits.perAddress; i++) {
      const body = message()
      const res = await send(body, { from })
      expect(res.status).toBe(201)
      sent.push({ body, answer: await res.json() })
    }
    const refused = await send(message(), { from })
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ error: 'You have sent several messages in the last few minutes. Please wait a little before sending another.' })
    const wait = Number(refused.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(supportLimits.windowMinutes * 60)
    // A retry of a message already stored is not a new message.
    const again = await send(sent[0]!.body, { from })
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(sent[0]!.answer)
    // Another address is not held back.
    expect((await send(message(), { from: newAddress() })).status).toBe(201)
  })

  it('lets parallel new messages from one address past the limit no further than the limit', async () => {
    const from = newAddress()
    const answers = await Promise.all(Array.from({ length: supportLimits.perAddress + 3 }, () => send(message(), { from })))
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(supportLimits.perAddress)
    expect(statuses.filter((s) => s === 429)).toHaveLength(3)
  })

  describe("a key is its sender's: a signed-in customer, or someone signed out named by the email typed", () => {
    const countOf = async (key: string) =>
      (await env.t.db.query<{ n: number }>('select count(*)::int as n from support_messages where idempotency_key = $1', [key]))[0]!.n
    const answerOf = async (res: Response) => ({ status: res.status, replayed: res.headers.get('Idempotent-Replayed'), body: await res.json() })

    it('answers the same key twice from one signed-out sender with one message and the same answer, from any address', async () => {
      const body = message({ email: uniqueEmail('guest') })
      const first = await answerOf(await send(body, { from: newAddress() }))
      // A retry from another network (the phone moved from Wi-Fi to mobile data) is the same sender.
      const again = await answerOf(await send(body, { from: newAddress() }))
      expect(first).toEqual({ status: 201, replayed: null, body: { reference: expect.stringMatching(SUPPORT_REFERENCE) } })
      expect(again).toEqual({ ...first, replayed: 'true' })
      expect(await countOf(body.id)).toBe(1)
    })

    it("never answers a signed-out sender with a signed-in customer's message for the same key, nor the other way round", async () => {
      const me = await signUp(env.app)
      // The same key and the very same body: only the session tells the senders apart.
      const body = message({ email: me.email })
      const mine = await answerOf(await send(body, { from: newAddress(), cookie: me.cookie }))
      const guest = await answerOf(await send(body, { from: newAddress() }))
      expect(mine.status).toBe(201)
      expect(guest).toMatchObject({ status: 201, replayed: null })
      expect(guest.body).not.toEqual(mine.body)
      // Each one's retry gets their own answer back.
      expect(await answerOf(await send(body, { from: newAddress(), cookie: me.cookie }))).toEqual({ ...mine, replayed: 'true' })
      expect(await answerOf(await send(body, { from: newAddress() }))).toEqual({ ...guest, replayed: 'true' })
      const rows = await env.t.db.query<{ customer_id: number | null; reference: string }>(
        'select customer_id, reference from support_messages where idempotency_key = $1 order by id',
        [body.id],
      )
      expect(rows).toEqual([
        { customer_id: me.id, reference: (mine.body as { reference: string }).reference },
        { customer_id: null, reference: (guest.body as { reference: string }).reference },
      ])
    })

    it("never answers one signed-out sender with another's message for the same key, and refuses neither", async () => {
      const id = randomUUID()
      const from = newAddress()
      const one = message({ email: uniqueEmail('one') })
      const other = message({ email: uniqueEmail('other'), message: 'Where is my SIM?' })
      const first = await answerOf(await send({ ...one, id }, { from }))
      const second = await answerOf(await send({ ...other, id }, { from }))
      expect(first).toMatchObject({ status: 201, replayed: null })
      expect(second).toMatchObject({ status: 201, replayed: null })
      expect(second.body).not.toEqual(first.body)
      expect(await countOf(id)).toBe(2)
    })

    it('a signed-in customer is another sender than a typed email, even their own, whichever comes first', async () => {
      const me = await signUp(env.app)
      const body = message({ email: me.email })
      const guest = await answerOf(await send(body, { from: newAddress() }))
      const mine = await answerOf(await send(body, { from: newAddress(), cookie: me.cookie }))
      expect(mine).toMatchObject({ status: 201, replayed: null })
      expect(mine.body).not.toEqual(guest.body)
    })

    it('stores one message for 20 duplicates sent at once, and gives all of them the same answer', async () => {
      const body = message({ email: uniqueEmail('burst') })
      const from = newAddress()
      const answers = await Promise.all(Array.from({ length: 20 }, async () => answerOf(await send(body, { from }))))
      expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toEqual(new Set([JSON.stringify([201, answers[0]!.body])]))
      expect(answers.filter((a) => a.replayed === null)).toHaveLength(1)
      expect(await countOf(body.id)).toBe(1)
    })

    it('keeps no answer for a message over the limit: once the address may send again, the same key is stored', async () => {
      const from = newAddress()
      for (let i = 0; i < supportLimits.perAddress; i++) expect((await send(message(), { from })).status).toBe(201)
      const late = message()
      expect((await send(late, { from })).status).toBe(429)
      await env.t.db.query("update support_messages set created_at = created_at - interval '1 hour' where client_address = $1", [from])
      const retried = await send(late, { from })
      expect(retried.status).toBe(201)
      expect(retried.headers.get('Idempotent-Replayed')).toBeNull()
      expect(await countOf(late.id)).toBe(1)
    })

    it("forgets signed-out senders' expired keys when a new message is stored, and still finds an expired key's message", async () => {
      const body = message({ email: uniqueEmail('returning') })
      const first = await answerOf(await send(body, { from: newAddress() }))
      await env.t.db.query("update idempotency_keys set created_at = now() - interval '8 days' where key = $1", [body.id])
      expect((await send(message({ email: uniqueEmail('someone') }), { from: newAddress() })).status).toBe(201)
      expect(await env.t.db.query('select 1 from idempotency_keys where key = $1', [body.id])).toEqual([])
      // A retry that outlived its key gets the message it stored, not a second one.
      expect(await answerOf(await send(body, { from: newAddress() }))).toEqual(first)
      expect(await countOf(body.id)).toBe(1)
    })
  })

  it('answers hostile bodies below 500: malformed JSON, wrong types, a long forwarded-for', async () => {
    const id = randomUUID()
    const bodies = ['{', '[]', 'null', '"text"', JSON.stringify({ id, message: null }), JSON.stringify({ id, message: { name: 1, email: [], message: {} } })]
    for (const raw of bodies) {
      const res = await send(undefined, { raw, key: id, from: newAddress() })
      expect(res.status, raw).toBe(400)
    }
    const long = await send(message(), { from: `10.0.0.1, ${'9'.repeat(10_000)}` })
    expect(long.status).toBe(201)
  })
})

describe('migration 022 on a database with stored answers and support messages', () => {
  it(
    'names the sender of each stored answer and message, so a message sent before it still answers its retry once',
    async () => {
      const fresh = await freshDatabase()
      const db = await openDb(fresh.url)
      try {
        const all = readMigrations()
        await migrate(db, { migrations: all.filter((m) => m.version < 22) })
        const [customer] = await db.query<{ id: number }>("insert into customers (email, password_hash) values ('keyed@example.co.za', 'x') returning id")
        const id = Number(customer!.id)
        const orderKey = randomUUID()
        await db.query("insert into idempotency_keys (customer_id, key, request_hash, status, response) values ($1, $2, 'h', 200, '{}')", [id, orderKey])
        const guest = message({ email: 'Before@Example.co.za' })
        const signedIn = message()
        const insert =
          'insert into support_messages (idempotency_key, request_hash, customer_id, name, email, message, reference, client_address) values ($1, $2, $3, $4, $5, $6, $7, $8)'
        await db.query(insert, [guest.id, 'h', null, 'Thandi', guest.message.email, 'Before.', 'SUP-AAAAAAAA', '192.0.2.1'])
        await db.query(insert, [signedIn.id, 'h', id, 'Thandi', 'thandi@example.co.za', 'Signed in.', 'SUP-BBBBBBBB', '192.0.2.1'])
        expect(await migrate(db, { migrations: all })).toContain('022_key_senders.sql')
        expect(await db.query('select sender from idempotency_keys where key = $1', [orderKey])).toEqual([{ sender: `customer:${id}` }])
        const senders = await db.query<{ reference: string; sender: string }>('select reference, sender from support_messages order by reference')
        expect(senders).toEqual([
          { reference: 'SUP-AAAAAAAA', sender: `guest:${guestOf('before@example.co.za')}` },
          { reference: 'SUP-BBBBBBBB', sender: `customer:${id}` },
        ])
        const app = accountsApp(db)
        const retry = await app.request('/api/support/messages', {
          method: 'POST',
          headers: { Key: apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': guest.id, 'X-Forwarded-For': '192.0.2.2' },
          body: JSON.stringify(guest),
        })
        expect(retry.status).toBe(201)
        expect(await retry.json()).toEqual({ reference: 'SUP-AAAAAAAA' })
        expect(await db.query('select 1 from support_messages where idempotency_key = $1', [guest.id])).toHaveLength(1)
      } finally {
        await db.close()
        await fresh.drop()
      }
    },
    startupTimeout,
  )
})
