import { forgetPush } from '../../../pwa/pushDevice.ts'
import { CUSTOMER_SIGNED_OUT, postToWorker } from '../../../pwa/workerMessages.ts'
import { forgetCachedOrders } from '../../../store/orderCache.ts'
import { forgetPortalAnswers } from '../../../store/portalCache.ts'

/**
 * Logout, once recorded (the stored cart was emptied in the same write, and the cart follows the store): drop cached
 * server orders, services and bills, ask the service worker to drop its per-customer caches, and stop this device's
 * push notifications (the server drops the subscription with the session once the logout reaches it).
 */
export function clearCustomerData(): void {
  void forgetCachedOrders().catch(() => {})
  void forgetPortalAnswers().catch(() => {})
  // The service worker owns its caches; a page only asks (see sw/ for the handler).
  postToWorker({ type: CUSTOMER_SIGNED_OUT })
  void forgetPush().catch(() => {})
}
