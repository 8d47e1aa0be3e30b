import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { bundlePurchaseMachine, type BundleRequest } from '../../../../machines/bundlePurchase.machine.ts'
import type { buyBundle, fetchBundles } from '../../../api/bundles.ts'
import type { AnswerCache } from '../../../lib/ports.ts'
import { reportError } from '../../../reportError.ts'

/** What the effects need from the screen that runs the machine, read when they run. */
export interface BundleUi {
  navigate: ReturnType<typeof useNavigate>
}

/** What the bundle purchase effects touch: the app passes its own (useBundlePurchase), the lab its own. */
export interface BundlePurchasePorts {
  customerId: () => number
  api: { fetchBundles: typeof fetchBundles; buyBundle: typeof buyBundle }
  cache: Pick<AnswerCache, 'saveOrder'>
  ui: { readonly current: BundleUi }
}

/** The bundle purchase with its effects: the api, the order cache and the router. */
export function provideBundlePurchase({ customerId, api, cache, ui }: BundlePurchasePorts) {
  return bundlePurchaseMachine.provide({
    actors: {
      loadBundles: fromPromise(({ input }: { input: { serviceId: number } }) => api.fetchBundles(input.serviceId)),
      buyBundle: fromPromise(async ({ input }: { input: BundleRequest }) => {
        const { body, fetchedAt } = await api.buyBundle(input.serviceId, input.bundleId, input.key)
        // The payment page reads the order from the device first; a cache that cannot be written only costs it a fetch.
        await cache.saveOrder(customerId(), body, fetchedAt).catch((e: unknown) => reportError(e, 'bundle purchase'))
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
