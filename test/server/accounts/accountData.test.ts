import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { CustomerDataSchema } from '../../../src/domain/customerDataFile.ts'
import { apiKey, call, password, sessionCookie, signUp, useAccountsApp } from '../helpers/accounts.ts'
import type { TestApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByCard, placeOrder, payByWallet, servicesOf } from '../helpers/portal.ts'
import { SUCCESS_CARD } from '../helpers/payments.ts'

const data = (app: TestApp, cookie?: string, query = '') => app.request(`/api/account/data${query}`, call('GET', undefined, cookie ? { cookie } : {}))

/** Every key anywhere in a JSON value, so a card field nested anywhere is found. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)])
      : []

describe('GET /api/account/data', () => {
  const env = useAccountsApp({ seeded: true })

  /** A customer with two orders (one paid by card, one with Google Pay), a SIM per paid order and a support message. */
  async function customerWithHistory(first_name: string) {
    const me = await signUp(env.app, { first_name })
    const byCard = await placeOrder(env.app, me, [
      cartLine(1, { product_configs: { value_adds: [], configs: [{ friendly_name: `${first_name}'s router`, comments: 'Free text' }] } }),
    ])
    await payByCard(env.app, me, byCard)
    const byWallet = await placeOrder(env.app, me)
    await payByWallet(env.app, me, byWallet)
    const unpaid = await placeOrder(env.app, me)
    const id = randomUUID()
    const sent = await env.app.request('/api/support/messages', {
      method: 'POST',
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': id, Cookie: me.cookie, 'X-Forwarded-For': `203.0.113.${me.id % 250}` },
      body: JSON.stringify({ id, message: { name: `${first_name} Nkosi`, email: me.email, message: `${first_name} asks where the SIM is.` } }),
    })
    expect(sent.status).toBe(201)
    return { ...me, orders: [byCard, byWallet, unpaid] }
  }

  it('answers 401 without a session', async () => {
    const res = await data(env.app)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'Not signed in.' })
  })

  it('is a dated JSON attachment that no cache keeps', async () => {
    const me = await signUp(env.app)
    const res = await data(env.app, me.cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="seed-storefront-my-data-\d{4}-\d{2}-\d{2}\.json"$/)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(v.parse(CustomerDataSchema, await res.json()).profile.email).toBe(me.email)
  })

  it("holds the customer's profile, addresses, orders, payments, checkouts, services, messages and sessions", async () => {
    const me = await customerWithHistory('Zanele')
    const file = v.parse(CustomerDataSchema, await (await data(env.app, me.cookie)).json())
    expect(file.profile).toMatchObject({ id: me.id, email: me.email, first_name: 'Zanele', id_number: '•••••••••0088', phone: '0821234567' })
    expect(file.addresses).toMatchObject([{ street_name: 'Long Street', postal_code: '8001', gps_coordinates: { longitude: 18.4187, latitude: -33.9219 } }])
    expect(file.orders.map((o) => o.number).sort()).toEqual(me.orders.map((o) => o.number).sort())
    const byCard = file.orders.find((o) => o.id === me.orders[0]!.id)!
    expect(byCard.delivery_address).toMatchObject({ street_name: 'Long Street', deliver_to: 'Reception' })
    expect(byCard.order_lines).toMatchObject([{ number: 1, friendly_name: "Zanele's router" }])
    expect(file.payments.map((p) => p.method).sort()).toEqual(['card', 'wallet'])
    expect(file.card_checkouts).toMatchObject([{ order_id: me.orders[0]!.id, settled: true }])
    expect(file.services).toHaveLength(2)
    expect(file.support_messages).toMatchObject([{ name: 'Zanele Nkosi', email: me.email, message: 'Zanele asks where the SIM is.' }])
    expect(file.sessions).toMatchObject([{ current: true }])
  })

  it('holds the pending new email and every name each SIM had, in the order of the renames', async () => {
    const me = await customerWithHistory('Ayabonga')
    const newEmail = `moved.${me.id}@example.co.za`
    const change = await env.app.request(`/api/v2/users/${me.id}/email`, call('POST', { email: newEmail, current_password: password }, { cookie: me.cookie }))
    expect(change.status).toBeLessThan(300)
    const [sim] = await servicesOf(env.app, me)
    for (const name of ['Kitchen router', 'Gogo’s tablet']) {
      const id = randomUUID()
      const init = call('POST', { id, name }, { cookie: me.cookie })
      ;(init.headers as Record<string, string>)['Idempotency-Key'] = id
      expect((await env.app.request(`/api/v8/partner/services/id/${sim!.id}/name`, init)).status).toBe(200)
    }
    const file = v.parse(CustomerDataSchema, await (await data(env.app, me.cookie)).json())
    expect(file.profile).toMatchObject({ email: me.email, pending_email: newEmail })
    expect(file.sim_name_history.map(({ service_id, previous_name, name }) => ({ service_id, previous_name, name }))).toEqual([
      { service_id: sim!.id, previous_name: sim!.name, name: 'Kitchen router' },
      { service_id: sim!.id, previous_name: 'Kitchen router', name: 'Gogo’s tablet' },
    ])
    for (const rename of file.sim_name_history) expect(Date.now() - new Date(rename.renamed_at).getTime()).toBeLessThan(60_000)
  })

  it('holds no card number nor anything else of the card, though the payment record has them', async () => {
    const me = await customerWithHistory('Lerato')
    const [stored] = await env.t.db.query<{ bin: string; lastfour: string; holder: string }>(
      "select bin, lastfour, holder from payments where user_id = $1 and method = 'card'",
      [me.id],
    )
    expect(stored).toMatchObject({ bin: SUCCESS_CARD.slice(0, 6), lastfour: SUCCESS_CARD.slice(-4) })
    const text = await (await data(env.app, me.cookie)).text()
    expect(text).not.toContain(SUCCESS_CARD)
    const keys = keysOf(JSON.parse(text))
    for (const cardField of ['bin', 'lastfour', 'last4Digits', 'holder', 'expiry_month', 'expiry_year', 'card', 'registration'])
      expect(keys).not.toContain(cardField)
    const payments = (JSON.parse(text) as { payments: Record<string, unknown>[] }).payments
    for (const payment of payments)
      expect(Object.keys(payment).sort()).toEqual(
        ['amount', 'brand', 'currency', 'description', 'effective_date', 'method', 'order_id', 'order_number', 'status', 'transaction_id'].sort(),
      )
  })

  it('lists each signed-in browser with its dates, marks this one, and never shows a session id or its hash', async () => {
    const me = await signUp(env.app)
    const login = await env.app.request('/api/auth/login', {
      ...call('POST', { email: me.email, password }),
      headers: { Key: apiKey, 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/150.0 Mobile' },
    })
    const phone = sessionCookie(login)!
    const text = await (await data(env.app, phone)).text()
    const { sessions } = v.parse(CustomerDataSchema, JSON.parse(text))
    expect(sessions).toHaveLength(2)
    expect(sessions.find((s) => s.current)).toMatchObject({ user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/150.0 Mobile' })
    for (const s of sessions) expect(new Date(s.expires_at).getTime()).toBeGreaterThan(new Date(s.created_at).getTime())
    const hashes = await env.t.db.query<{ tag: string }>("select encode(id_hash, 'hex') as tag from sessions where customer_id = $1", [me.id])
    for (const secret of [me.cookie.slice('sid='.length), phone.slice('sid='.length), ...hashes.map((h) => h.tag)]) expect(text).not.toContain(secret)
  })

  it("holds only the session's own customer: nothing of another, whatever the request names", async () => {
    const me = await customerWithHistory('Ntombi')
    const other = await customerWithHistory('Sipho')
    for (const query of ['', `?customer_id=${other.id}`, `?email=${encodeURIComponent(other.email)}`]) {
      const text = await (await data(env.app, me.cookie, query)).text()
      expect(JSON.parse(text).profile.id).toBe(me.id)
      for (const trace of [other.email, 'Sipho', ...other.orders.map((o) => o.number)]) expect(text).not.toContain(trace)
    }
  })
})
