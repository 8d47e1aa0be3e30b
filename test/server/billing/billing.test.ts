import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { BillingAnswerSchema } from '../../../src/domain/billing.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { billingOf, getApi, payByCard, payByWallet, placeOrder } from '../helpers/portal.ts'

const cents = (rand: number) => Math.round(rand * 100)

describe('GET /api/v4/partner/billing/info/3/{userId}/', () => {
  const env = useAccountsApp({ seeded: true })

  it('lists each order as a debit and each payment as a credit, oldest first, with the running balance', async () => {
    const me = await signUp(env.app)
    const first = await placeOrder(env.app, me, [cartLine(6)])
    const cardCheckout = await payByCard(env.app, me, first)
    const second = await placeOrder(env.app, me, [cartLine(9), cartLine(1)])
    await payByWallet(env.app, me, second)
    const unpaid = await placeOrder(env.app, me, [cartLine(2)])

    const rows = await billingOf(env.app, me)
    expect(rows.map((r) => [r.type, r.reference, r.debit, r.credit, r.balance, r.status, r.order_id])).toEqual([
      ['Order', first.number, 649, 0, 649, 'Queued for delivery', first.id],
      ['Payment', expect.any(String), 0, 649, 0, 'success', first.id],
      ['Order', second.number, 548, 0, 548, 'Queued for delivery', second.id],
      ['Payment', expect.any(String), 0, 548, 0, 'success', second.id],
      ['Order', unpaid.number, 399, 0, 399, 'Payment not Completed', unpaid.id],
    ])
    const dates = rows.map((r) => Date.parse(r.date))
    expect(dates).toEqual([...dates].sort((a, b) => a - b))

    // A payment's reference is the provider's transaction id, as the payment records list it.
    const [record] = await env.t.db.query<{ transaction_id: string }>('select transaction_id from payments where registration = $1', [cardCheckout])
    expect(rows[1]!.reference).toBe(record!.transaction_id)

    const debits = rows.reduce((sum, r) => sum + cents(r.debit), 0)
    const credits = rows.reduce((sum, r) => sum + cents(r.credit), 0)
    expect(cents(rows.at(-1)!.balance)).toBe(debits - credits)
  })

  it('answers the same without the trailing slash, and an empty list for a new customer', async () => {
    const me = await signUp(env.app)
    for (const path of [`/v4/partner/billing/info/3/${me.id}/`, `/v4/partner/billing/info/3/${me.id}`]) {
      const res = await getApi(env.app, path, me.cookie)
      expect(res.status).toBe(200)
      expect(v.parse(BillingAnswerSchema, await res.json())).toEqual({ bill_cycles: { account_level: [] } })
    }
  })

  it('answers 401 without a session, 403 for another customer and 400 for an id that is not one', async () => {
    const owner = await signUp(env.app)
    await placeOrder(env.app, owner)
    const other = await signUp(env.app)
    expect((await getApi(env.app, `/v4/partner/billing/info/3/${owner.id}/`)).status).toBe(401)
    const theirs = await getApi(env.app, `/v4/partner/billing/info/3/${owner.id}/`, other.cookie)
    expect(theirs.status).toBe(403)
    expect(await theirs.json()).toEqual({ error: 'You can only view your own billing.' })
    const odd = await getApi(env.app, '/v4/partner/billing/info/3/me/', owner.cookie)
    expect(odd.status).toBe(400)
    expect(await odd.json()).toEqual({ error: 'The user id must be a number.' })
    // Only the fixed segment 3 is a billing call.
    expect((await getApi(env.app, `/v4/partner/billing/info/4/${owner.id}/`, owner.cookie)).status).toBe(404)
  })
})
