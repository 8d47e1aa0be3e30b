import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { UserReplySchema, messages } from '../../../src/domain/account.ts'
import { address, call, password, sessionCookie, signupBody, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'

describe('signing up with POST /api/v2/users', () => {
  const env = useAccountsApp()

  const post = (body: unknown, extra = {}) => env.app.request('/api/v2/users', call('POST', body, extra))

  it('creates the customer with their RICA address, answers 201 with the user and signs them in', async () => {
    const body = signupBody()
    const res = await post(body)
    expect(res.status).toBe(201)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user).toEqual({
      id: expect.any(Number),
      first_name: 'Thandi',
      last_name: 'Nkosi',
      id_number: '•••••••••0088',
      email: body.user.email,
      phone: '0821234567',
      mobile: '0831234567',
      addresses: [{ ...address(), id: expect.any(String), is_default: true }],
      orders: [],
    })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/)
    const session = await env.app.request('/api/auth/session', call('GET', undefined, { cookie: sessionCookie(res) ?? '' }))
    expect(((await session.json()) as { user: { id: number } }).user.id).toBe(user.id)
  })

  it('never returns the password or its hash', async () => {
    const res = await post(signupBody())
    const text = await res.text()
    expect(text).not.toContain(password)
    expect(text).not.toMatch(/password|scrypt/i)
  })

  it('stores only an scrypt hash of the password', async () => {
    const body = signupBody()
    await post(body)
    const [row] = await env.t.db.query<{ password_hash: string }>('select password_hash from customers where email = $1', [body.user.email])
    expect(row?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/)
  })

  it('accepts blank optional fields, an unchecked confirmation and an address without GPS', async () => {
    const ricaAddress = { ...address(), unit_number: '', floor_level: '', building_name: '', suburb: '', gps_coordinates: null }
    const res = await post(signupBody({ mobile: '', confirm_password: 'something else', ricaAddress }))
    expect(res.status).toBe(201)
    const { user } = v.parse(UserReplySchema, await res.json())
    expect(user.mobile).toBe('')
    expect(user.addresses[0]).toMatchObject({ unit_number: '', suburb: '', gps_coordinates: null, street_name: 'Long Street' })
  })

  const personalCases: [string, unknown, string][] = [
    ['first_name', '', messages.firstName],
    ['last_name', '  ', messages.lastName],
    ['id_number', '', messages.idRequired],
    ['id_number', '900101580008', messages.idDigits],
    ['email', '', messages.emailRequired],
    ['email', 'thandi@', messages.emailShape],
    ['password', '', messages.passwordRequired],
    ['password', 'password12', messages.passwordRule],
    ['phone', '', messages.phoneRequired],
    ['phone', '082 123 45', messages.phoneDigits],
    ['mobile', '08312', messages.mobileDigits],
    ['last_name', 'N'.repeat(101), 'Last name must be at most 100 characters.'],
    ['first_name', 'Thandi\u202Egnp.exe', 'First name cannot contain text direction control characters.'],
  ]
  it.each(personalCases)('refuses %s = %j with 400 and "%s"', async (field, value, message) => {
    const res = await post(signupBody({ [field]: value }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message, issues: [{ path: `user.${field}`, message }] })
  })

  const addressCases: [string, unknown, string][] = [
    ['street_name', '', messages.streetName],
    ['street_number', '', messages.streetNumber],
    ['city', '', messages.city],
    ['postal_code', '', messages.postalRequired],
    ['postal_code', '80011', messages.postalDigits],
    ['province', '', messages.province],
    ['street_name', 'L'.repeat(101), 'Street name must be at most 100 characters.'],
    ['deliver_to', 'R'.repeat(101), 'Deliver to must be at most 100 characters.'],
    ['building_name', 'Harbour\u2066View', 'Building name cannot contain text direction control characters.'],
  ]
  it.each(addressCases)('refuses a RICA address with %s = %j with 400 and "%s"', async (field, value, message) => {
    const res = await post(signupBody({ ricaAddress: { ...address(), [field]: value } }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: message, issues: [{ path: `user.ricaAddress.${field}`, message }] })
  })

  it('refuses a first name of 90,000 characters with 400 and the length message, storing nothing', async () => {
    const body = signupBody({ first_name: 'T'.repeat(90_000) })
    const res = await post(body)
    expect(res.status).toBe(400)
    const message = 'First name must be at most 100 characters.'
    expect(await res.json()).toEqual({ error: message, issues: [{ path: 'user.first_name', message }] })
    expect(await env.t.db.query('select 1 from customers where email = $1', [body.user.email])).toEqual([])
  })

  it('lists every invalid field, leading with the first one on the form', async () => {
    const res = await post(signupBody({ first_name: '', phone: '1', ricaAddress: { ...address(), city: '' } }))
    const body = (await res.json()) as { error: string; issues: { path: string }[] }
    expect(body.error).toBe(messages.firstName)
    expect(body.issues.map((i) => i.path)).toEqual(['user.first_name', 'user.phone', 'user.ricaAddress.city'])
  })

  it('refuses a body without a user with 400', async () => {
    const res = await post({ first_name: 'Thandi' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: expect.any(String), issues: [expect.objectContaining({ path: 'user' })] })
  })

  it('refuses a second account for the same email, whatever its capitals, with 409 and no cookie', async () => {
    const email = uniqueEmail('duplicate')
    expect((await post(signupBody({ email }))).status).toBe(201)
    const again = await post(signupBody({ email: email.toUpperCase() }))
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: 'An account with this email already exists.' })
    expect(sessionCookie(again)).toBeUndefined()
    const [row] = await env.t.db.query<{ n: number }>('select count(*)::int as n from customers where lower(email) = lower($1)', [email])
    expect(row?.n).toBe(1)
  })

  it('needs the Key header', async () => {
    const res = await post(signupBody(), { key: null })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Missing Key header' })
  })
})
