import * as v from 'valibot'
import { BillingAnswerSchema } from '../../../src/domain/billing.ts'
import { ServiceAnswerSchema, ServicesAnswerSchema } from '../../../src/domain/service.ts'
import { call } from './accounts.ts'
import type { TestApp } from './accounts.ts'
import { cartLine, orderBody, postOrder } from './orders.ts'
import { getStatus, payWithCard, postCheckout, postWallet, SUCCESS_CARD, walletBody } from './payments.ts'

type Me = { id: number; cookie: string }
type Placed = { id: number; number: string; total_price: number; status: string }

/** A new unpaid order of the customer with these lines. */
export async function placeOrder(app: TestApp, me: Me, lines = [cartLine(1)]): Promise<Placed> {
  const res = await postOrder(app, me.id, orderBody(lines), { cookie: me.cookie })
  if (res.status !== 200) throw new Error(`order failed with ${res.status}: ${await res.text()}`)
  return (await res.json()) as Placed
}

/** Pays the order as the browser does: card checkout, the widget's post to the sandbox, then the status page. */
export async function payByCard(app: TestApp, me: Me, order: { id: number }): Promise<string> {
  const checkout = await postCheckout(app, me, { payment: { orderId: order.id } })
  const { checkoutId } = (await checkout.json()) as { checkoutId: string }
  await payWithCard(app, checkoutId, SUCCESS_CARD)
  const status = await getStatus(app, me, checkoutId)
  if (status.status !== 200) throw new Error(`card payment status ${status.status}`)
  return checkoutId
}

/** Pays the order with Google Pay (sandbox token). */
export async function payByWallet(app: TestApp, me: Me, order: { id: number; total_price: number }): Promise<void> {
  const res = await postWallet(app, me, walletBody(me, order))
  if (res.status !== 200) throw new Error(`wallet payment failed with ${res.status}: ${await res.text()}`)
}

export const getApi = (app: TestApp, path: string, cookie?: string) => app.request(`/api${path}`, call('GET', undefined, cookie ? { cookie } : {}))

/** The customer's services, checked against the shared answer schema. */
export async function servicesOf(app: TestApp, me: Me) {
  const res = await getApi(app, `/v8/partner/services/${me.id}`, me.cookie)
  if (res.status !== 200) throw new Error(`services answered ${res.status}: ${await res.text()}`)
  return v.parse(ServicesAnswerSchema, await res.json()).services
}

export async function serviceOf(app: TestApp, me: Me, id: number) {
  const res = await getApi(app, `/v8/partner/services/id/${id}`, me.cookie)
  if (res.status !== 200) throw new Error(`service answered ${res.status}: ${await res.text()}`)
  return v.parse(ServiceAnswerSchema, await res.json()).service
}

/** The customer's bill cycles, checked against the shared answer schema. */
export async function billingOf(app: TestApp, me: Me) {
  const res = await getApi(app, `/v4/partner/billing/info/3/${me.id}/`, me.cookie)
  if (res.status !== 200) throw new Error(`billing answered ${res.status}: ${await res.text()}`)
  return v.parse(BillingAnswerSchema, await res.json()).bill_cycles.account_level
}
