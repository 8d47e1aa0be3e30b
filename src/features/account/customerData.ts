import { clearCart } from '../cart/cart.ts'

/** Logout: empty the cart and ask the service worker to drop its per-customer caches. */
export function clearCustomerData(): void {
  clearCart()
  // The service worker owns its caches; a page only asks (see sw/ for the handler).
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator)
    navigator.serviceWorker.controller?.postMessage({ type: 'customer.signedOut' })
}
