import { useEffect, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import { fetchOrder } from '../../api/orders.ts'
import { createCheckout, fetchPaymentStatus, payWithWallet } from '../../api/payments.ts'
import { onConnectionReturned } from '../../lib/connection.ts'
import { deviceStore, pageOnline, pageToasts } from '../../lib/devicePorts.ts'
import { refreshOrder } from '../../lib/orderRefresh.ts'
import { reportError } from '../../reportError.ts'
import { saveOrder } from '../../store/orderCache.ts'
import { readCachedOrders, readCheckout } from '../../store/queries.ts'
import { providePayment, providePaymentStatus, providePaymentWidget, type PaymentPorts, type PaymentUi } from './paymentEffects.ts'

/** The device's ports of the payment pages, for the customer and the screen that runs the machine. */
function devicePorts(customerId: number, ui: { readonly current: PaymentUi }): PaymentPorts {
  return {
    customerId: () => customerId,
    store: deviceStore,
    device: { cachedOrders: readCachedOrders, saveOrder, refreshOrder, readCheckout },
    api: { fetchOrder, createCheckout, fetchPaymentStatus, payWithWallet },
    toast: pageToasts,
    online: pageOnline,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    reportError,
    ui,
  }
}

/** The screen's router and language, read by the effects when they run. */
function usePaymentPorts(customerId: number): PaymentPorts {
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const ui = useRef<PaymentUi>({ navigate, i18n })
  ui.current = { navigate, i18n }
  return devicePorts(customerId, ui)
}

/** Tells a payment page's machine when the connection goes and when it comes back. */
function useConnectionNews(actor: { send: (event: { type: 'payment.connection.lost' | 'payment.connection.restored' }) => void }) {
  useEffect(() => {
    const lost = () => actor.send({ type: 'payment.connection.lost' })
    window.addEventListener('offline', lost)
    // The app's one signal that the connection is back: the browser's 'online', or the server answering again.
    const stopFollowing = onConnectionReturned(() => actor.send({ type: 'payment.connection.restored' }))
    return () => {
      window.removeEventListener('offline', lost)
      stopFollowing()
    }
  }, [actor])
}

/** The order page's payment machine. */
export function usePayment(customerId: number, orderId: string) {
  const actor = useActorRef(providePayment(usePaymentPorts(customerId)), { input: { orderId, online: navigator.onLine } })
  useConnectionNews(actor)
  return actor
}

/** The card widget page's machine. */
export function usePaymentWidget(customerId: number, checkoutId: string) {
  const actor = useActorRef(providePaymentWidget(usePaymentPorts(customerId)), { input: { checkoutId, online: navigator.onLine } })
  useConnectionNews(actor)
  return actor
}

/** The card status page's machine. */
export function usePaymentStatus(customerId: number, checkoutId: string) {
  const actor = useActorRef(providePaymentStatus(usePaymentPorts(customerId)), { input: { checkoutId, online: navigator.onLine } })
  useConnectionNews(actor)
  return actor
}
