import { beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { OrdersResponseSchema } from '../../../src/domain/order.ts'
import { balanceOf, isPrepaid } from '../../../src/domain/service.ts'
import { isSaIdNumber, maskedIdNumber } from '../../../src/domain/identityDocument.ts'
import { isLuhnValid } from '../../../src/domain/luhn.ts'
import { idNumberKeyOf, unsealIdNumber } from '../../../server/accounts/idNumberSeal.ts'
import { currentCycle } from '../../../src/domain/billCycle.ts'
import { DEMO_CUSTOMER } from '../../../server/seed/demoCustomer.ts'
import { seedSandbox } from '../../../server/seed/seed.ts'
import { call, sessionCookie, testScryptN, useAccountsApp } from '../helpers/accounts.ts'
import { billingOf, getApi, servicesOf } from '../helpers/portal.ts'

describe('the demo customer of the sandbox seed', () => {
  const env = useAccountsApp()
  let me: { id: number; cookie: string }

  const counts = async () =>
    (
      await env.t.db.query<Record<string, number>>(
        `select (select count(*)::int from customers where lower(email) = $1) as customers,
           (select count(*)::int from orders) as orders, (select count(*)::int from payments) as payments,
           (select count(*)::int from services) as services, (select count(*)::int from products) as products`,
        [DEMO_CUSTOMER.email],
      )
    )[0]

  beforeAll(async () => {
    await seedSandbox(env.t.db, { scryptN: testScryptN })
    const res = await env.app.request(
      '/api/auth/login',
      call('POST', { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }, { from: '203.0.113.9' }),
    )
    expect(res.status).toBe(200)
    const { user } = (await res.json()) as { user: { id: number } }
    me = { id: user.id, cookie: sessionCookie(res)! }
  })

  it('is created once however often the seed runs', async () => {
    const before = await counts()
    expect(before).toEqual({ customers: 1, orders: 3, payments: 2, services: 2, products: 9 })
    await seedSandbox(env.t.db, { scryptN: testScryptN })
    await Promise.all([seedSandbox(env.t.db, { scryptN: testScryptN }), seedSandbox(env.t.db, { scryptN: testScryptN })])
    expect(await counts()).toEqual(before)
  })

  it('signs in with demo@storefront.co.za and Demo#2026, hashed as sign-up hashes', async () => {
    const [row] = await env.t.db.query<{ password_hash: string }>('select password_hash from customers where id = $1', [me.id])
    expect(row?.password_hash).toMatch(new RegExp(`^scrypt\\$${testScryptN}\\$8\\$1\\$[\\w-]+\\$[\\w-]+$`))
    const res = await env.app.request('/api/auth/session', call('GET', undefined, { cookie: me.cookie }))
    const { user } = (await res.json()) as { user: Record<string, unknown> & { addresses: Record<string, unknown>[] } }
    expect(user).toMatchObject({ first_name: 'Lindiwe', last_name: 'Dlamini', email: DEMO_CUSTOMER.email })
    // The reply shows the ID number masked; the one sealed in the database is a valid SA ID number (its Luhn digit too).
    expect(user.id_number).toMatch(/^•{9}\d{4}$/)
    const [sealed] = await env.t.db.query<{ id_number_sealed: Uint8Array }>('select id_number_sealed from customers where id = $1', [me.id])
    const idNumber = unsealIdNumber(sealed!.id_number_sealed, idNumberKeyOf({}))
    expect(idNumber).toMatch(/^\d{13}$/)
    expect(isLuhnValid(idNumber)).toBe(true)
    expect(isSaIdNumber(idNumber)).toBe(true)
    expect(user.id_number).toBe(maskedIdNumber(idNumber))
    expect(user.phone).toMatch(/^0\d{9}$/)
    expect(user.mobile).toMatch(/^0[6-8]\d{8}$/)
    expect(user.addresses[0]).toMatchObject({ city: 'Sandton', province: 'Gauteng', postal_code: expect.stringMatching(/^\d{4}$/) })
  })

  it('counts its email as verified, so a verified social sign-in with it joins the account rather than taking it', async () => {
    const [row] = await env.t.db.query('select email_verified_by as by, email_verified_at is not null as verified from customers where id = $1', [me.id])
    expect(row).toEqual({ by: 'seed', verified: true })
  })

  it('has an unpaid order, a paid prepaid order queued for delivery and an active monthly one', async () => {
    const res = await getApi(env.app, `/v2/partner/orders/${me.id}`, me.cookie)
    const { orders } = v.parse(OrdersResponseSchema, await res.json())
    expect(orders.map((o) => [o.status, o.order_lines?.map((l) => l.name)])).toEqual([
      ['Payment not Completed', ['4G Uncapped 20Mbps']],
      ['Queued for delivery', ['4G Prepaid 30-Day']],
      ['Active', ['5G Uncapped 100Mbps']],
    ])
  })

  it('has a prepaid SIM with used balances and a top-up, and a monthly SIM with this month’s usage', async () => {
    const services = await servicesOf(env.app, me)
    expect(services.map((s) => s.name)).toEqual(["Lindiwe's phone", 'Home Wi-Fi'])
    const [prepaid, monthly] = services
    expect(prepaid && isPrepaid(prepaid)).toBe(true)
    expect(prepaid?.available_balance).toBe(35.5)
    const voice = balanceOf(prepaid!, 'voice_sub')!.available
    expect(voice).toBeGreaterThan(0)
    expect(voice).toBeLessThan(3600)
    expect(balanceOf(prepaid!, 'data0')!.available).toBeGreaterThan(0)
    expect(Date.parse(balanceOf(prepaid!, 'data_sub')!.meta!.expiry!)).toBeGreaterThan(Date.now())
    expect(monthly).toMatchObject({ total_usage: 148_250_000_000, peak_usage: 96_400_000_000 })
    expect(monthly!.total_usage).toBe(monthly!.peak_usage! + monthly!.offpeak_usage!)
    for (const s of services) expect(isLuhnValid(s.associated_resource!)).toBe(true)
  })

  it('has bill cycles with debits, credits and a running balance ending at what is unpaid', async () => {
    const rows = await billingOf(env.app, me)
    expect(rows.filter((r) => r.type !== 'Subscription').map((r) => [r.type, r.debit, r.credit])).toEqual([
      ['Order', 649, 0],
      ['Payment', 0, 649],
      ['Order', 249, 0],
      ['Payment', 0, 249],
      ['Order', 399, 0],
    ])
    // The monthly SIM's cycles begun since the one its order paid (two months ago: one, or two across a short February).
    const monthly = (await servicesOf(env.app, me)).find((s) => !isPrepaid(s))!
    const begun = currentCycle(new Date(monthly.activation_date), 'monthly', new Date())
    expect(begun).toBeGreaterThanOrEqual(1)
    expect(rows.filter((r) => r.type === 'Subscription').map((r) => [r.debit, r.status])).toEqual(Array.from({ length: begun }, () => [649, 'Billed']))
    expect(rows.at(-1)!.balance).toBe(399 + 649 * begun)
  })
})
