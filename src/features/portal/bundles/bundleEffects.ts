import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { bundlePurchaseMachine, type BundleRequest } from '../../../../machines/bundlePurchase.machine.ts'
import { buyBundle, fetchBundles } from '../../../api/bundles.ts'
import { reportError } from '../../../reportError.ts'
import { saveOrder } from '../../../store/orderCache.ts'

/** What the effects need from the screen that runs the machine, read when they run. */
export interface BundleUi {
  navigate: ReturnType<typeof useNavigate>
}

/** The bundle purchase with the app's effects: the api client, the order cache and the router. */
export function provideBundlePurchase(customerId: number, ui: { current: BundleUi }) {
  return bundlePurchaseMachine.provide({
    actors: {
      loadBundles: fromPromise(({ input }: { input: { serviceId: number } }) => fetchBundles(input.serviceId)),
      buyBundle: fromPromise(async ({ input }: { input: BundleRequest }) => {
        const { body, fetchedAt } = await buyBundle(input.serviceId, input.bundleId, input.key)
        // The payment page reads the order from the device first; a cache that cannot be written only costs it a fetch.
        await saveOrder(customerId, body, fetchedAt).catch((e: unknown) => reportError(e, 'bundle purchase'))
        return body
      }),
    },
    actions: {
      openPayment: (_, { orderId }) => {
        void ui.current.navigate({ to: '/payment/$id', params: { id: String(orderId) } })
      },
    },
  })
}
