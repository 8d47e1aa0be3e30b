import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { messages, UserReplySchema } from '../../../src/domain/account.ts'
import { CustomerDataSchema } from '../../../src/domain/customerDataFile.ts'
import { deleteCustomer } from '../../../server/accounts/deleteCustomer.ts'
import { idNumberKeyOf, sealIdNumber, unsealIdNumber } from '../../../server/accounts/idNumberSeal.ts'
import { eraseExpiredRicaRecords, keptRicaRecord, recordRica, ricaRecordFor } from '../../../server/accounts/ricaRecord.ts'
import { sealPlainIdNumbers } from '../../../server/accounts/sealIdNumbers.ts'
import { call, signupBody, signUp, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'
import { newProfile, profileOf, whoAmI } from '../helpers/accountEdits.ts'
import { payByCard, placeOrder } from '../helpers/portal.ts'
import { openTestDb } from '../helpers/testDb.ts'
import { startTestServer } from '../helpers/testServer.ts'

const saId = '9001015800088'
const key = idNumberKeyOf({ idNumberKey: '5f0c3e7d9b2a41c68e17d0a3b4f95c2e6a8d1b7f3c09e4a2d5b6c8e1f7a3d902' })
const passport = { id_type: 'passport', id_number: 'fn1234567', id_country: 'zw' }

describe('the identity document at sign-up, sealed at rest and shown masked', () => {
  const env = useAccountsApp({ seeded: true, config: { idNumberKey: key.toString('hex') } })
  const post = (body: unknown) => env.app.request('/api/v2/users', call('POST', body))
  const row = async (email: string) =>
    (await env.t.db.query<Record<string, unknown>>('select to_jsonb(c) as row from customers c where lower(email) = lower($1)', [email]))[0]?.row as
      | Record<string, unknown>
      | undefined
  const sealedOf = async (id: number) =>
    (await env.t.db.query<{ sealed: Uint8Array }>('select id_number_sealed as sealed from customers where id = $1', [id]))[0]!.sealed

  it('takes an SA ID number, keeps it only sealed and answers it masked', async () => {
    const res = await post(signupBody({ id_number: saId }))
    expect(res.status).toBe(201)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user.id_number).toBe('•••••••••0088')
    expect(user).not.toHaveProperty('id_type')
    const stored = await row(user.email)
    expect(JSON.stringify(stored)).not.toContain(saId)
    expect(JSON.stringify(stored)).not.toContain('800088')
    expect(stored).toMatchObject({ id_number: '', id_type: 'sa_id', id_country: null, id_number_masked: '•••••••••0088' })
    expect(unsealIdNumber(await sealedOf(user.id), key)).toBe(saId)
    // Another key (the demo's) cannot read it.
    await expect(sealedOf(user.id).then((sealed) => unsealIdNumber(sealed, idNumberKeyOf({})))).rejects.toThrow()
  })

  it('takes a passport number with its issuing country, upper-cased, and answers both with the number masked', async () => {
    const res = await post(signupBody(passport))
    expect(res.status).toBe(201)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user).toMatchObject({ id_type: 'passport', id_number: '•••••4567', id_country: 'ZW' })
    expect(JSON.stringify(await row(user.email))).not.toContain('FN1234567')
    expect(unsealIdNumber(await sealedOf(user.id), key)).toBe('FN1234567')
    const session = await env.app.request('/api/auth/session', call('GET', undefined, { cookie: (await signUp(env.app, passport)).cookie }))
    expect(((await session.json()) as { user: Record<string, unknown> }).user).toMatchObject({ id_type: 'passport', id_number: '•••••4567' })
  })

  it.each([
    [{ id_number: '9001015800087' }, 'user.id_number', messages.idInvalid],
    [{ id_number: '9013015009081' }, 'user.id_number', messages.idInvalid],
    [{ id_number: '900101580008' }, 'user.id_number', messages.idDigits],
    [{ id_number: '' }, 'user.id_number', messages.idRequired],
    [{ ...passport, id_number: '' }, 'user.id_number', messages.passportRequired],
    [{ ...passport, id_number: 'FN-12' }, 'user.id_number', messages.passportShape],
    [{ ...passport, id_country: '' }, 'user.id_country', messages.countryRequired],
    [{ ...passport, id_country: 'QQ' }, 'user.id_country', messages.countryUnknown],
    [{ ...passport, id_country: 'ZA' }, 'user.id_country', messages.countrySouthAfrica],
    [{ id_type: 'drivers_licence' }, 'user.id_type', messages.idType],
  ])('refuses %j with 400 naming %s, and creates nobody', async (change, path, message) => {
    const email = uniqueEmail()
    const res = await post(signupBody({ ...change, email }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message, issues: [{ path, message }] })
    expect(await row(email)).toBeUndefined()
  })

  it('never lets a profile edit write the mask (or anything) over the sealed number', async () => {
    const me = await signUp(env.app)
    const { res } = await profileOf(env.app, me, { ...newProfile(), id_number: '•••••••••0088', id_type: 'passport', id_country: 'ZW' })
    expect(res.status).toBe(200)
    expect(await whoAmI(env.app, me)).toMatchObject({ id_number: '•••••••••0088' })
    expect(await whoAmI(env.app, me)).not.toHaveProperty('id_type')
    expect(unsealIdNumber(await sealedOf(me.id), key)).toBe(saId)
  })

  it('seals at start-up the plain ID numbers kept before migration 025, once', async () => {
    const me = await signUp(env.app)
    // As an account made before the migration holds it.
    await env.t.db.query(`update customers set id_number = $2, id_number_sealed = null, id_number_masked = '' where id = $1`, [me.id, '8001015009087'])
    expect(await sealPlainIdNumbers(env.t.db, key, 1)).toBeGreaterThanOrEqual(1)
    const stored = await row(me.email)
    expect(JSON.stringify(stored)).not.toContain('8001015009087')
    expect(stored).toMatchObject({ id_number: '', id_number_masked: '•••••••••9087' })
    expect(unsealIdNumber(await sealedOf(me.id), key)).toBe('8001015009087')
    expect(await sealPlainIdNumbers(env.t.db, key)).toBe(0)
    expect((await env.t.db.query(`select 1 from customers where id_number <> ''`)).length).toBe(0)
    const session = await env.app.request('/api/auth/session', call('GET', undefined, { cookie: me.cookie }))
    expect(((await session.json()) as { user: { id_number: string } }).user.id_number).toBe('•••••••••9087')
  })
})

describe('a server starting on a database of plain ID numbers', () => {
  it('seals them before it answers, with its ID_NUMBER_KEY', async () => {
    const t = await openTestDb()
    try {
      const [row] = await t.db.query<{ id: number }>(
        `insert into customers (first_name, last_name, id_number, email, password_hash) values ('Sipho', 'Dube', '8001015009087', $1, 'x') returning id`,
        [uniqueEmail()],
      )
      const server = await startTestServer({ db: t.db, idNumberKey: key.toString('hex') })
      await server.close()
      const [stored] = await t.db.query<{ id_number: string; id_number_masked: string; sealed: Uint8Array }>(
        'select id_number, id_number_masked, id_number_sealed as sealed from customers where id = $1',
        [row!.id],
      )
      expect(stored).toMatchObject({ id_number: '', id_number_masked: '•••••••••9087' })
      expect(unsealIdNumber(stored!.sealed, key)).toBe('8001015009087')
    } finally {
      await t.drop()
    }
  })
})

describe('RICA records', () => {
  const env = useAccountsApp({ seeded: true, config: { idNumberKey: key.toString('hex') } })
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => env.t.db.query<T>(sql, params)

  /** A customer with a paid SIM whose activation was asked with their RICA record. */
  async function customerWithRicaRecord(user: Record<string, unknown> = {}) {
    const me = await signUp(env.app, user)
    await payByCard(env.app, me, await placeOrder(env.app, me))
    const [service] = await q<{ id: number; iccid: string; service_number: string }>('select id, iccid, service_number from services where customer_id = $1', [
      me.id,
    ])
    const record = await ricaRecordFor(env.t.db, me.id, key)
    await env.t.db.transaction((tx) => recordRica(tx, service!.id, record!, key))
    return { ...me, service: service! }
  }

  it('builds the record from what the customer gave: names, document and the RICA address given at sign-up', async () => {
    const me = await signUp(env.app, { ...passport, first_name: 'Tendai Rudo', last_name: 'Moyo' })
    // A later address, even the default one, is not the one given for RICA.
    await q(
      `insert into addresses (customer_id, is_default, street_number, street_name, city, province, postal_code, country)
       values ($1, false, '1', 'Other Street', 'Durban', 'KwaZulu-Natal', '4001', 'South Africa')`,
      [me.id],
    )
    expect(await ricaRecordFor(env.t.db, me.id, key)).toEqual({
      first_names: 'Tendai Rudo',
      surname: 'Moyo',
      document: { type: 'passport', number: 'FN1234567', country: 'ZW' },
      address: {
        line1: '12 Long Street',
        line2: 'Unit 4, Floor 2, Harbour View',
        suburb: 'Cape Town City Centre',
        city: 'Cape Town',
        province: 'Western Cape',
        postal_code: '8001',
      },
    })
    const sa = await signUp(env.app)
    expect((await ricaRecordFor(env.t.db, sa.id, key))?.document).toEqual({ type: 'sa_id', number: saId })
  })

  it('has none for a customer who gave no ID number (a social sign-in)', async () => {
    const me = await signUp(env.app)
    await q('update customers set id_number_sealed = null where id = $1', [me.id])
    expect(await ricaRecordFor(env.t.db, me.id, key)).toBeUndefined()
  })

  it('gives back the record kept for a SIM, the number unsealed, for the activation request to send', async () => {
    const me = await customerWithRicaRecord({ ...passport, first_name: 'Tendai' })
    expect(await keptRicaRecord(env.t.db, me.service.id, key)).toEqual(await ricaRecordFor(env.t.db, me.id, key))
    expect(await keptRicaRecord(env.t.db, me.service.id, key)).toMatchObject({ document: { type: 'passport', number: 'FN1234567', country: 'ZW' } })
    expect(await keptRicaRecord(env.t.db, 0, key)).toBeUndefined()
  })

  it('keeps the sealed record of each SIM after the account is deleted, linked to no one, for 5 years, and erases it after', async () => {
    const me = await customerWithRicaRecord({ first_name: 'Ayanda' })
    expect(await deleteCustomer(env.t.db, me.id)).toBe('deleted')
    expect(await q('select id from customers where id = $1', [me.id])).toEqual([])
    const [kept] = await q<Record<string, unknown> & { id_number_sealed: Uint8Array; years: number }>(
      `select *, extract(year from age(kept_until, now()))::int as years from rica_records where service_id = $1`,
      [me.service.id],
    )
    expect(kept).toMatchObject({
      customer_id: null,
      first_names: 'Ayanda',
      surname: 'Nkosi',
      id_type: 'sa_id',
      id_number_masked: '•••••••••0088',
      iccid: me.service.iccid,
      service_number: me.service.service_number,
      address: expect.objectContaining({ line1: '12 Long Street', postal_code: '8001' }),
    })
    expect(kept!.years).toBe(4) // 5 years less the moments since the cancellation
    expect(unsealIdNumber(kept!.id_number_sealed, key)).toBe(saId)
    expect(JSON.stringify(kept)).not.toContain(saId)
    expect(await eraseExpiredRicaRecords(env.t.db)).toBe(0)
    await q(`update rica_records set kept_until = now() - interval '1 second' where service_id = $1`, [me.service.id])
    expect(await eraseExpiredRicaRecords(env.t.db)).toBe(1)
    expect(await q('select 1 from rica_records where service_id = $1', [me.service.id])).toEqual([])
  })

  it('lists them in the data export, the number masked, with why they are kept and until when', async () => {
    const me = await customerWithRicaRecord()
    const res = await env.app.request('/api/account/data', call('GET', undefined, { cookie: me.cookie }))
    const text = await res.text()
    expect(text).not.toContain(saId)
    const file = v.parse(CustomerDataSchema, JSON.parse(text))
    expect(file.profile).toMatchObject({ id_type: 'sa_id', id_number: '•••••••••0088', id_country: null })
    expect(file.rica_records).toEqual([
      {
        service_id: me.service.id,
        iccid: me.service.iccid,
        service_number: me.service.service_number,
        first_names: 'Thandi',
        surname: 'Nkosi',
        document: { type: 'sa_id', number: '•••••••••0088', country: null },
        address: expect.objectContaining({ line1: '12 Long Street' }),
        recorded_at: expect.any(String),
        why: expect.stringMatching(/^RICA .*section 40.* not deleted with your account\.$/),
        kept_until: null,
        until: 'Kept until 5 years after the SIM stops being yours (it is cancelled, or your account is deleted), then erased.',
      },
    ])
    expect(file.notes).toContainEqual(expect.stringMatching(/^RICA records are kept after your account is deleted/))
  })

  it('seals a record with the key it is given, never with a plain number', async () => {
    const sealed = sealIdNumber(saId, key)
    expect(sealed.includes(Buffer.from(saId))).toBe(false)
    expect(sealIdNumber(saId, key).equals(sealed)).toBe(false)
    expect(() => unsealIdNumber(sealed, idNumberKeyOf({}))).toThrow()
  })
})
