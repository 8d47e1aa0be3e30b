import { clearCart } from '../cart/cart.ts'
import { forgetCachedOrders } from '../../store/orderCache.ts'

/** Logout: empty the cart, drop cached server orders and ask the service worker to drop its per-customer caches. */
export function clearCustomerData(): void {
  clearCart()
  void forgetCachedOrders().catch(() => {})
  // The service worker owns its caches; a page only asks (see sw/ for the handler).
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
    navigator.serviceWorker.controller?.postMessage({ type: 'customer.signedOut' })
}
