import { createActor } from 'xstate'
import { bundlePurchaseMachine, type BundleRequest } from '../../machines/bundlePurchase.machine.ts'
import type { Bundle } from '../../src/domain/bundle.ts'
import type { Order } from '../../src/domain/order.ts'
import { deferred } from './paymentHarness.ts'

/** What a prepaid SIM is offered (server/seed/bundles.ts has the demo's list). */
export const bundles: Bundle[] = [
  { id: 'data-1gb', kind: 'data', amount: 1e9, price: 99, validity_days: 30 },
  { id: 'sms-100', kind: 'sms', amount: 100, price: 35, validity_days: 30 },
]

/** The unpaid order the server answers a purchase of 1 GB with. */
export const bundleOrder: Order = {
  id: 77,
  order_id: 77,
  number: 'SO-000077',
  order_number: 'SO-000077',
  status: 'Payment not Completed',
  orderDate: '2026-11-26T09:00:00.000Z',
  order_date: '2026-11-26T09:00:00.000Z',
  total_price: 99,
  order_lines: [{ number: 1, product_id: 9, name: '1 GB data', unit_price: 99, status: 'Payment not Completed' }],
  bundle: { service_id: 2, bundle_id: 'data-1gb', kind: 'data', amount: 1e9, validity_days: 30 },
}

/** The real machine with hand-settled calls, recording the payment pages it opened. */
export function bundleHarness(online = true) {
  const load = deferred<{ serviceId: number }, Bundle[]>()
  const buy = deferred<BundleRequest, Order>()
  const opened: number[] = []
  const actor = createActor(
    bundlePurchaseMachine.provide({
      actors: { loadBundles: load.logic, buyBundle: buy.logic },
      actions: { openPayment: (_, { orderId }) => void opened.push(orderId) },
    }),
    { input: { serviceId: 2, online } },
  )
  actor.start()
  return { actor, load, buy, opened, state: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context }
}
