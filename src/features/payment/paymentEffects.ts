import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { paymentMachine, type LoadedOrder, type WalletCharge } from '../../../machines/payment.machine.ts'
import { ApiError, toApiError } from '../../api/client.ts'
import { fetchOrder } from '../../api/orders.ts'
import { createCheckout, fetchPaymentStatus, payWithWallet } from '../../api/payments.ts'
import { makeFact } from '../../domain/events.ts'
import type { Order } from '../../domain/order.ts'
import { reportError } from '../../reportError.ts'
import { commit } from '../../store/commit.ts'
import { saveOrder } from '../../store/orderCache.ts'
import { readCachedOrders, readCheckout } from '../../store/queries.ts'
import { toast } from '../../lib/toaster.ts'
import { stampNow } from '../../lib/ids.ts'
import { refreshOrder } from '../../lib/orderRefresh.ts'
import { orderBundle } from './useOrderBundle.ts'

const paid = msg`Payment successful.`
const failed = msg`Payment failed. Please try again.`
const notFound = msg`This order could not be found.`

/** What the effects need from the screen that runs the machine, read when they run. */
export interface PaymentUi {
  navigate: ReturnType<typeof useNavigate>
  i18n: I18n
}

const payableOf = (order: Order) => ({ id: Number(order.id), number: order.number, total: order.total_price, status: order.status })

/** Statuses worth one more try of the same wallet request (same key): no answer, in flight, provider down, 5xx. */
const retriable = (error: ApiError) => error.status === undefined || error.status === 409 || error.status >= 500
const WALLET_RETRY_DELAYS_MS = [1_000, 2_000, 4_000]
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function payOnce(customerId: number, charge: WalletCharge) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await payWithWallet(customerId, charge)
    } catch (e) {
      const error = toApiError(e)
      const delay = WALLET_RETRY_DELAYS_MS[attempt]
      if (delay === undefined || !retriable(error)) throw error
      await sleep(delay)
    }
  }
}

/** The payment machine with the app's effects: the api client, the event log, the router and the toaster. */
export function providePayment(customerId: number, ui: { current: PaymentUi }) {
  return paymentMachine.provide({
    actors: {
      loadOrder: fromPromise<LoadedOrder, { orderId: string }>(async ({ input }) => {
        if (!/^\d{1,15}$/.test(input.orderId)) throw new ApiError(ui.current.i18n._(notFound), 404)
        const fromCache = async (error: ApiError) => {
          const cached = (await readCachedOrders(customerId)).find((o) => String(o.id) === input.orderId)
          if (!cached) throw error
          return { order: payableOf(cached), cached: true }
        }
        // Offline the worker could answer from its cache; the machine must know the order is not fresh.
        if (!navigator.onLine) return fromCache(new ApiError('offline', undefined))
        try {
          const { body: order, fetchedAt } = await fetchOrder(input.orderId)
          await saveOrder(customerId, order, fetchedAt)
          return { order: payableOf(order), cached: false }
        } catch (e) {
          const error = toApiError(e)
          if (error.status !== undefined) throw error
          return fromCache(error)
        }
      }),
      createCheckout: fromPromise(({ input }) => createCheckout(customerId, input.orderId)),
      readCheckout: fromPromise(async ({ input }) => (await readCheckout(customerId, input.checkoutId))?.checkout ?? null),
      fetchStatus: fromPromise(({ input }) => fetchPaymentStatus(customerId, input.checkoutId)),
      payWithWallet: fromPromise(({ input }) => payOnce(customerId, input)),
    },
    actions: {
      rememberCheckout: (_, { checkout }) => {
        void commit(makeFact('v1.PaymentCheckoutCreated', { checkout, customerId }, stampNow())).catch((e) => reportError(e, 'payment'))
      },
      rememberResult: (_, params) => {
        void commit(makeFact('v1.PaymentResultReceived', { customerId, ...params }, stampNow())).catch((e) => reportError(e, 'payment'))
      },
      openWidget: (_, { checkoutId }) => {
        void ui.current.navigate({ to: '/payment_widget/$checkoutId', params: { checkoutId } })
      },
      announcePaid: (_, { orderId }) => {
        toast.success(ui.current.i18n._(paid))
        // A bundle's order goes back to the SIM it tops up, where the new balance shows.
        void orderBundle(customerId, String(orderId))
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
      reportError: (_, { message }) => reportError(new Error(message), 'payment widget'),
      refreshOrder: (_, { orderId }) => {
        void refreshOrder(customerId, String(orderId))
      },
    },
  })
}
