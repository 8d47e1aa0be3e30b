import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { messages } from '../../../src/domain/account.ts'
import { address, call, signUp, signupBody, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine, orderBody, postOrder } from '../helpers/orders.ts'
import { googlePayData, postCheckout, postWallet, unpaidOrder, walletBody } from '../helpers/payments.ts'

const refused = (path: string, message: string) => ({ error: message, issues: [{ path, message }] })
const unsaved = (field: string) => `${field} contains characters that cannot be saved.`

describe('input PostgreSQL cannot store is a 400 naming the field, never a 500 (issue 9)', () => {
  const env = useAccountsApp({ seeded: true })
  let address4 = 0
  const from = () => `203.0.113.${++address4}`

  const signUpWith = (user: Record<string, unknown>) => env.app.request('/api/v2/users', call('POST', signupBody(user)))
  const login = (body: unknown, ip = from()) => env.app.request('/api/auth/login', call('POST', body, { from: ip }))

  it('answers a sign-up whose first name holds a NUL with 400 and the first name message', async () => {
    const res = await signUpWith({ first_name: 'Tha\0ndi' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(refused('user.first_name', 'First name contains characters that cannot be saved.'))
  })

  it('answers a login whose email is a NUL with 400 and the email message, not 500', async () => {
    const res = await login({ email: '\0', password: 'Secret#123' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(refused('email', 'Email contains characters that cannot be saved.'))
  })

  it('refuses half of a surrogate pair in any text, in the body or in a key, by its path', async () => {
    expect(await (await signUpWith({ last_name: 'Nkosi\uD800' })).json()).toEqual(refused('user.last_name', unsaved('Last name')))
    const ricaAddress = { ...address(), suburb: '\uDC00Gardens' }
    expect(await (await signUpWith({ ricaAddress })).json()).toEqual(refused('user.ricaAddress.suburb', unsaved('Suburb')))
    const res = await signUpWith({ 'nick\0name': 'x' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(refused('user.nick\uFFFDname', unsaved('user.nick\uFFFDname')))
    expect((await signUpWith({ first_name: '👩🏽‍💻 Thandi' })).status).toBe(201)
    // Storable, but a name that reads in another order than it is stored is refused by its own rule.
    expect(await (await signUpWith({ first_name: '👩🏽‍💻 \u202EThandi' })).json()).toEqual(
      refused('user.first_name', 'First name cannot contain text direction control characters.'),
    )
  })

  it('refuses an email too long for the unique index with the email message, at sign-up and at login', async () => {
    // Random, so PostgreSQL cannot compress it under the index's row limit.
    const long = `${randomBytes(10_000).toString('hex')}@example.co.za`
    expect(await (await signUpWith({ email: long })).json()).toMatchObject({ error: messages.emailShape })
    expect(await (await login({ email: long, password: 'x' })).json()).toMatchObject({ error: messages.emailShape })
  })

  it('counts a failed login from a very long forwarded address without a 500', async () => {
    const res = await login({ email: 'nobody@example.co.za', password: 'Wrong#1234' }, `10.0.0.1, ${randomBytes(10_000).toString('hex')}`)
    expect(res.status).toBe(401)
  })

  it('refuses GPS coordinates off the globe, including a number JSON.parse reads as Infinity', async () => {
    const off = await signUpWith({ ricaAddress: { ...address(), gps_coordinates: { longitude: 200, latitude: 0 } } })
    expect(off.status).toBe(400)
    const text = JSON.stringify(signupBody()).replace('18.4187', '1e999')
    const res = await env.app.request('/api/v2/users', { method: 'POST', headers: { Key: 'test-key', 'Content-Type': 'application/json' }, body: text })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ issues: [{ path: 'user.ricaAddress.gps_coordinates.longitude' }] })
  })

  it('refuses a body nested deeper than any real one', async () => {
    const text = `{"order":${'['.repeat(40_000)}${']'.repeat(40_000)}}`
    const res = await env.app.request('/api/v2/users', { method: 'POST', headers: { Key: 'test-key', 'Content-Type': 'application/json' }, body: text })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'Request body is nested too deeply.' })
  })

  it('refuses a NUL in a path segment or a query value, inside /api and under /api/auth', async () => {
    const me = await signUp(env.app)
    const profile = await env.app.request(`/api/v8/partner/detailed_customer_profile/email/a%00b`, call('GET', undefined, { cookie: me.cookie }))
    expect(profile.status).toBe(400)
    expect(await profile.json()).toEqual(refused('path', unsaved('The request path')))
    const social = await env.app.request('/api/auth/google/start?returnTo=/orders%00')
    expect(social.status).toBe(400)
    expect(await social.json()).toEqual(refused('query.returnTo', unsaved('The query parameter returnTo')))
  })

  describe('orders and payments', () => {
    it('refuses unstorable delivery texts and configs, and product ids that are not PostgreSQL integers', async () => {
      const me = await signUp(env.app)
      const place = (body: ReturnType<typeof orderBody>) => postOrder(env.app, me.id, body, { cookie: me.cookie })
      const nulSuburb = await place(orderBody(undefined, { deliveryAddress: { ...address(), suburb: 'Sea\0 Point' } }))
      expect(await nulSuburb.json()).toEqual(refused('order.deliveryAddress.suburb', unsaved('Suburb')))
      const configs = [{ friendly_name: '\uDBFF', comments: '' }]
      const badConfig = await place(orderBody([cartLine(1, { product_configs: { value_adds: [], configs } })]))
      expect(badConfig.status).toBe(400)
      const instructions = await place(
        orderBody(undefined, { delivery: { type: 'scheduled', time: '', instructions: 'ring\0', sales_channel: 'WEB', rica_type: 'courier' } }),
      )
      expect(instructions.status).toBe(400)
      for (const product_id of [1.5, 1e300, 2 ** 31, -1, 0]) {
        const res = await place(orderBody([cartLine(1, { product_id })]))
        expect(res.status, `product_id ${product_id}`).toBe(400)
        expect(await res.json()).toMatchObject({ issues: [{ path: 'order.order_lines.0.product_id' }] })
      }
    })

    it('refuses order ids beyond bigint or not whole, at checkout and in a wallet payment', async () => {
      const me = await signUp(env.app)
      for (const orderId of [1e300, 2 ** 63, 1.5, '9999999999999999999', 'NaN']) {
        expect((await postCheckout(env.app, me, { payment: { orderId } })).status, `orderId ${orderId}`).toBe(400)
      }
      const order = await unpaidOrder(env.app, me)
      const body = walletBody(me, order)
      expect((await postWallet(env.app, me, { ...body, payment: { ...body.payment, orderId: 1e300 } })).status).toBe(400)
    })

    it('keeps a paid wallet payment whose provider texts hold a NUL, with the character replaced', async () => {
      const me = await signUp(env.app)
      const order = await unpaidOrder(env.app, me)
      const body = walletBody(me, order)
      const data = googlePayData()
      const token = JSON.parse(data.paymentMethodData.tokenizationData.token) as { signedMessage: string }
      const signedMessage = JSON.stringify({ ...JSON.parse(token.signedMessage), holder: 'Thandi\0Nkosi' })
      data.paymentMethodData.tokenizationData.token = JSON.stringify({ ...token, signedMessage })
      const res = await postWallet(env.app, me, { ...body, paymentData: data })
      expect(res.status).toBe(200)
      const [row] = await env.t.db.query<{ holder: string }>('select holder from payments where order_id = $1', [order.id])
      expect(row?.holder).toBe('Thandi\uFFFDNkosi')
    })

    it('opens a card checkout for a customer whose name is longer than the provider takes', async () => {
      const me = await signUp(env.app, { first_name: 'Nomvula'.repeat(10) })
      const order = await unpaidOrder(env.app, me)
      expect((await postCheckout(env.app, me, { payment: { orderId: order.id } })).status).toBe(200)
    })
  })
})
