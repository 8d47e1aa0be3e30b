import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { paymentMachine, type LoadedOrder, type WalletCharge } from '../../../machines/payment.machine.ts'
import { paymentStatusMachine } from '../../../machines/paymentStatus.machine.ts'
import { paymentWidgetMachine } from '../../../machines/paymentWidget.machine.ts'
import { ApiError, toApiError } from '../../api/client.ts'
import type { fetchOrder } from '../../api/orders.ts'
import type { createCheckout, fetchPaymentStatus, payWithWallet } from '../../api/payments.ts'
import { makeFact } from '../../domain/events.ts'
import type { Order } from '../../domain/order.ts'
import type { Checkout } from '../../domain/payment.ts'
import type { FactStore, Online, Toasts } from '../../lib/ports.ts'
import { stampNow } from '../../lib/ids.ts'
import { orderBundle } from './useOrderBundle.ts'

const paid = msg`Payment successful.`
const failed = msg`Payment failed. Please try again.`
const notFound = msg`This order could not be found.`

/** What the effects need from the screen that runs the machine, read when they run. */
export interface PaymentUi {
  navigate: ReturnType<typeof useNavigate>
  i18n: I18n
}

/** What the payment pages' effects touch; each page's machine takes the ones it uses. */
export interface PaymentPorts {
  customerId: () => number
  store: Pick<FactStore, 'commit'>
  /** What this device keeps: its copy of the customer's orders and the checkouts it created. */
  device: {
    cachedOrders: (customerId: number) => Promise<Order[]>
    saveOrder: (customerId: number, order: Order, fetchedAt: string) => Promise<void>
    /** Fetches the order into the device's copy once the server has moved it. */
    refreshOrder: (customerId: number, orderId: string) => Promise<unknown>
    readCheckout: (customerId: number, checkoutId: string) => Promise<{ checkout: Checkout } | null>
  }
  api: {
    fetchOrder: typeof fetchOrder
    createCheckout: typeof createCheckout
    fetchPaymentStatus: typeof fetchPaymentStatus
    payWithWallet: typeof payWithWallet
  }
  toast: Toasts
  online: Online
  sleep: (ms: number) => Promise<void>
  /** The app's error handler, for failures the customer was already shown. */
  reportError: (error: unknown, context: string) => void
  ui: { readonly current: PaymentUi }
}

const payableOf = (order: Order) => ({ id: Number(order.id), number: order.number, total: order.total_price, status: order.status })

/** Statuses worth one more try of the same wallet request (same key): no answer, in flight, provider down, 5xx. */
const retriable = (error: ApiError) => error.status === undefined || error.status === 409 || error.status >= 500
const WALLET_RETRY_DELAYS_MS = [1_000, 2_000, 4_000]

/** Commits a fact the page learnt; a device that cannot keep it says so to the error handler, the page goes on. */
const remember = ({ store, reportError }: Pick<PaymentPorts, 'store' | 'reportError'>, fact: Parameters<FactStore['commit']>[0]) => {
  void store.commit(fact).catch((e) => reportError(e, 'payment'))
}

/** The order page's payment machine with its effects: the api, the event log, the order cache, the router and the toaster. */
export function providePayment(ports: PaymentPorts) {
  const { customerId, device, api, toast, online, sleep, ui } = ports
  const payOnce = async (charge: WalletCharge) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.payWithWallet(customerId(), charge)
      } catch (e) {
        const error = toApiError(e)
        const delay = WALLET_RETRY_DELAYS_MS[attempt]
        if (delay === undefined || !retriable(error)) throw error
        await sleep(delay)
      }
    }
  }
  return paymentMachine.provide({
    actors: {
      loadOrder: fromPromise<LoadedOrder, { orderId: string }>(async ({ input }) => {
        if (!/^\d{1,15}$/.test(input.orderId)) throw new ApiError(ui.current.i18n._(notFound), 404)
        const fromCache = async (error: ApiError) => {
          const cached = (await device.cachedOrders(customerId())).find((o) => String(o.id) === input.orderId)
          if (!cached) throw error
          return { order: payableOf(cached), cached: true }
        }
        // Offline the worker could answer from its cache; the machine must know the order is not fresh.
        if (!online()) return fromCache(new ApiError('offline', undefined))
        try {
          const { body: order, fetchedAt } = await api.fetchOrder(input.orderId)
          await device.saveOrder(customerId(), order, fetchedAt)
          return { order: payableOf(order), cached: false }
        } catch (e) {
          const error = toApiError(e)
          if (error.status !== undefined) throw error
          return fromCache(error)
        }
      }),
      createCheckout: fromPromise(({ input }) => api.createCheckout(customerId(), input.orderId)),
      payWithWallet: fromPromise(({ input }) => payOnce(input)),
    },
    actions: {
      rememberCheckout: (_, { checkout }) => remember(ports, makeFact('v1.PaymentCheckoutCreated', { checkout, customerId: customerId() }, stampNow())),
      rememberResult: (_, params) => remember(ports, makeFact('v1.PaymentResultReceived', { customerId: customerId(), ...params }, stampNow())),
      openWidget: (_, { checkoutId }) => {
        void ui.current.navigate({ to: '/payment_widget/$checkoutId', params: { checkoutId } })
      },
      announcePaid: (_, { orderId }) => {
        toast.success(ui.current.i18n._(paid))
        // A bundle's order goes back to the SIM it tops up, where the new balance shows.
        void orderBundle(customerId(), String(orderId), device.cachedOrders)
          .catch(() => null)
          .then((bundle) =>
            bundle
              ? ui.current.navigate({ to: '/service/$id', params: { id: String(bundle.service_id) } })
              : ui.current.navigate({ to: '/orders/$id', params: { id: String(orderId) } }),
          )
      },
      announceFailed: () => {
        toast.error(ui.current.i18n._(failed), 3000)
      },
      refreshOrder: (_, { orderId }) => {
        void device.refreshOrder(customerId(), String(orderId))
      },
    },
  })
}

/** The card widget page's machine with its effects: the checkout from the device's log, the error handler. */
export function providePaymentWidget({ customerId, device, reportError }: Pick<PaymentPorts, 'customerId' | 'device' | 'reportError'>) {
  return paymentWidgetMachine.provide({
    actors: {
      readCheckout: fromPromise(async ({ input }) => (await device.readCheckout(customerId(), input.checkoutId))?.checkout ?? null),
    },
    actions: {
      reportError: (_, { message }) => reportError(new Error(message), 'payment widget'),
    },
  })
}

/** The card status page's machine with its effects: the api, the event log, the order cache. */
export function providePaymentStatus(ports: Pick<PaymentPorts, 'customerId' | 'store' | 'device' | 'api' | 'reportError'>) {
  const { customerId, device, api } = ports
  return paymentStatusMachine.provide({
    actors: {
      fetchStatus: fromPromise(({ input }) => api.fetchPaymentStatus(customerId(), input.checkoutId)),
    },
    actions: {
      rememberResult: (_, params) => remember(ports, makeFact('v1.PaymentResultReceived', { customerId: customerId(), ...params }, stampNow())),
      refreshOrder: (_, { orderId }) => {
        void device.refreshOrder(customerId(), String(orderId))
      },
    },
  })
}
