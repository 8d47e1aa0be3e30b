import { createActor, fromPromise, type AnyStateMachine } from 'xstate'
import type { CheckoutPageInput } from '../../machines/payment.events.ts'
import { paymentMachine, type LoadedOrder, type PaymentInput, type WalletCharge } from '../../machines/payment.machine.ts'
import { paymentStatusMachine } from '../../machines/paymentStatus.machine.ts'
import { paymentWidgetMachine } from '../../machines/paymentWidget.machine.ts'
import type { Checkout, PaymentStatus, WalletPaymentAnswer } from '../../src/domain/payment.ts'
import { settling } from './settling.ts'

/** A promise the test settles by hand, recording what each call was given. */
export function deferred<I, O>() {
  const calls: I[] = []
  let settle: { resolve: (value: O) => void; reject: (error: unknown) => void } | undefined
  const logic = fromPromise<O, I>(({ input }) => {
    calls.push(input)
    return new Promise<O>((resolve, reject) => {
      settle = { resolve, reject }
    })
  })
  return {
    logic,
    calls,
    resolve: (value: O) => settling(() => settle!.resolve(value)),
    reject: (error: unknown) => settling(() => settle!.reject(error)),
  }
}

/** An error as the api client throws it: the server's words and its status (undefined: no answer). */
export const apiError = (message: string, status?: number) => Object.assign(new Error(message), { status })

export const unpaidOrder = { id: 42, number: 'SO-000042', total: 299, status: 'Payment not Completed' }

export const checkout: Checkout = {
  checkoutId: '8AC7A4A1D2E3F4A5B6C7D8E9F0A1B2C3.sandbox01',
  order_id: 42,
  order_number: 'SO-000042',
  amount: '299.00',
  currency: 'ZAR',
  scriptUrl: '/sandbox/payments/v1/paymentWidgets.js?checkoutId=8AC7A4A1D2E3F4A5B6C7D8E9F0A1B2C3.sandbox01',
}

export const statusOf = (status: 200 | 205 | 400, code: string, description: string): PaymentStatus => ({
  status,
  result: { code, description },
  order_id: 42,
  order_number: 'SO-000042',
  checkoutId: checkout.checkoutId,
})

export const walletAnswer = (status: 200 | 400, code: string, description: string): WalletPaymentAnswer => ({
  status,
  result: { code, description },
  order_id: 42,
  order_number: 'SO-000042',
  payment_id: status === 200 ? 'P1' : null,
})

export const paymentData = {
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: { type: 'CARD' as const, tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{"signature":"sandbox"}' } },
}

/** A payment page: the order page, the card widget page or the card status page, each with its own machine. */
export type PaymentPage = ({ stage: 'order' } & PaymentInput) | ({ stage: 'widget' | 'status' } & CheckoutPageInput)

/** The real machine of the page with hand-settled effects, recording every effect it asked for. */
export function payment(page: PaymentPage, stored: Checkout | null = checkout) {
  const loadOrder = deferred<{ orderId: string }, LoadedOrder>()
  const createCheckout = deferred<{ orderId: number }, Checkout>()
  const fetchStatus = deferred<{ checkoutId: string }, PaymentStatus>()
  const payWithWallet = deferred<WalletCharge, WalletPaymentAnswer>()
  const effects: string[] = []
  const rememberResult = (_: unknown, { method, status, result }: { method: string; status: number; result: { code: string } }) =>
    void effects.push(`rememberResult ${method} ${status} ${result.code}`)
  const refreshOrder = (_: unknown, { orderId }: { orderId: number }) => void effects.push(`refreshOrder ${orderId}`)
  const machines: Record<PaymentPage['stage'], () => AnyStateMachine> = {
    order: () =>
      paymentMachine.provide({
        actors: { loadOrder: loadOrder.logic, createCheckout: createCheckout.logic, payWithWallet: payWithWallet.logic },
        actions: {
          rememberCheckout: (_, { checkout }) => void effects.push(`rememberCheckout ${checkout.checkoutId}`),
          rememberResult,
          openWidget: (_, { checkoutId }) => void effects.push(`openWidget ${checkoutId}`),
          announcePaid: (_, { orderId }) => void effects.push(`announcePaid ${orderId}`),
          announceFailed: () => void effects.push('announceFailed'),
          refreshOrder,
        },
      }),
    widget: () =>
      paymentWidgetMachine.provide({
        actors: { readCheckout: fromPromise(async ({ input }) => (stored && stored.checkoutId === input.checkoutId ? stored : null)) },
        actions: { reportError: (_, { message }) => void effects.push(`reportError ${message}`) },
      }),
    status: () => paymentStatusMachine.provide({ actors: { fetchStatus: fetchStatus.logic }, actions: { rememberResult, refreshOrder } }),
  }
  const { stage, ...input } = page
  const actor = createActor(machines[stage](), { input })
  actor.start()
  return {
    actor,
    effects,
    loadOrder,
    createCheckout,
    fetchStatus,
    payWithWallet,
    send: (event: Parameters<typeof actor.send>[0]) => actor.send(event),
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    matches: (value: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0]) => actor.getSnapshot().matches(value),
  }
}

/** The order page, loaded and ready to pay. */
export async function readyToPay() {
  const p = payment({ stage: 'order', orderId: '42', online: true })
  await p.loadOrder.resolve({ order: unpaidOrder, cached: false })
  return p
}
