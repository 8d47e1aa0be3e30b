import { bundlePurchaseEventSchemas, BundlePurchaseInputSchema } from '../../../../machines/bundlePurchase.events.ts'
import { bundlePurchaseMachine, type BundleRequest } from '../../../../machines/bundlePurchase.machine.ts'
import { ApiError } from '../../../api/client.ts'
import { buyBundle, fetchBundles } from '../../../api/bundles.ts'
import type { Bundle } from '../../../domain/bundle.ts'
import { bundleTitle } from '../../../domain/bundle.ts'
import { defined } from '../../../domain/defined.ts'
import { ORDER_STATUS_NEW, type Order } from '../../../domain/order.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { newId } from '../../../lib/ids.ts'
import { provideBundlePurchase } from '../../../features/portal/bundles/bundleEffects.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts, labUi } from '../labPorts.ts'

/** The demo customer's prepaid SIM in a freshly seeded sandbox. */
export const LAB_SERVICE_ID = 2

const labBundles: Bundle[] = [
  { id: 'data-1gb', kind: 'data', amount: 1e9, price: 99, validity_days: 30, names: { en: '1 GB data', xh: 'Idatha ye-1 GB', af: '1 GB-data' } },
  { id: 'voice-60min', kind: 'voice', amount: 3600, price: 69, validity_days: 30, names: { en: '60 minutes', xh: 'Imizuzu eyi-60', af: '60 minute' } },
  { id: 'sms-100', kind: 'sms', amount: 100, price: 35, validity_days: 30, names: { en: '100 SMS', xh: 'Ii-SMS ezi-100', af: "100 SMS'e" } },
]

/** The unpaid order a fake server answers a purchase with. */
function labOrder(request: BundleRequest): Order {
  const bundle = defined(labBundles.find((b) => b.id === request.bundleId) ?? labBundles[0], 'a lab bundle')
  const now = new Date().toISOString()
  return {
    id: 2001,
    order_id: 2001,
    number: 'SO-002001',
    order_number: 'SO-002001',
    status: ORDER_STATUS_NEW,
    orderDate: now,
    order_date: now,
    total_price: bundle.price,
    order_lines: [{ number: 1, product_id: 9, name: bundleTitle(bundle, 'en'), unit_price: bundle.price, status: ORDER_STATUS_NEW }],
    bundle: {
      service_id: request.serviceId,
      bundle_id: bundle.id,
      kind: bundle.kind,
      amount: bundle.amount,
      validity_days: bundle.validity_days,
      ...(bundle.names ? { names: bundle.names } : {}),
    },
  }
}

/** ADD VAS: a SIM's bundles, the choice and the purchase that leads to its payment, against the sandbox server or fakes. */
export const bundlePurchaseLab: LabMachine = {
  id: 'bundlePurchase',
  machine: bundlePurchaseMachine,
  modes: ['succeeds', 'simInactive', 'offline', 'server500', 'sandbox'],
  input: {
    schema: BundlePurchaseInputSchema,
    presets: { bundles: () => ({ serviceId: LAB_SERVICE_ID, online: true }) },
  },
  events: [
    { type: 'bundle.choose', schema: bundlePurchaseEventSchemas['bundle.choose'], template: () => ({ bundleId: 'data-1gb' }) },
    // The purchase's Idempotency-Key, made at the moment of sending as the Buy button does.
    { type: 'bundle.buy', schema: bundlePurchaseEventSchemas['bundle.buy'], stamp: () => ({ key: newId() }) },
    { type: 'bundle.retry', schema: bundlePurchaseEventSchemas['bundle.retry'] },
    { type: 'bundle.connection.lost', schema: bundlePurchaseEventSchemas['bundle.connection.lost'] },
    { type: 'bundle.connection.restored', schema: bundlePurchaseEventSchemas['bundle.connection.restored'] },
  ],
  provide: (mode, io) => {
    const lab = labPorts(mode, io)
    // In sandbox mode the server answers only the signed-in tester: asked first, so the call fails with 401 otherwise.
    const api = {
      fetchBundles: (serviceId: number) =>
        lab.answer(
          () => {
            lab.customerId()
            return fetchBundles(serviceId)
          },
          () => labBundles,
        ),
      buyBundle: async (serviceId: number, bundleId: string, key: string) => {
        if (mode === 'simInactive') {
          await io.delay()
          throw new ApiError(serverMessages.serviceNotActive, 409)
        }
        return lab.answer(
          () => {
            lab.customerId()
            return buyBundle(serviceId, bundleId, key)
          },
          () => ({ body: labOrder({ serviceId, bundleId, key }), fetchedAt: new Date().toISOString() }),
        )
      },
    }
    // Opening the payment page belongs to the app's screens, not the lab (the payment machine has its own entry).
    return provideBundlePurchase({ ...lab, api, ui: labUi({}) })
  },
}
