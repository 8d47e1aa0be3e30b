import { i18n } from '../../i18n/i18n.ts'
import { t } from '@lingui/core/macro'
import { getSession, subscribeSession } from '../../lib/session.ts'
import { toast } from '../../lib/toaster.ts'
import { drainOrders, type DrainOutcome } from './drain.ts'
import { ORDERS_REPLAYED } from './messages.ts'
import { rejectionText } from './rejection.ts'

let timer: ReturnType<typeof setTimeout> | undefined
let started = false

const signedInId = (): number | null => {
  const session = getSession()
  return session.status === 'customer' ? session.customer.id : null
}

/** Tells the customer what became of queued orders, also ones placed before the app was last closed. */
export function announce(outcomes: readonly DrainOutcome[]): void {
  for (const outcome of outcomes) {
    if (outcome.kind === 'sent') toast.success(t`Your order ${outcome.order.number} was sent.`, 4000)
    if (outcome.kind === 'rejected') toast.error(rejectionText(i18n, outcome.reason), 3000)
  }
}

/** Drains the signed-in customer's queue now and schedules the next retry. */
export async function drainNow(force = false): Promise<DrainOutcome[]> {
  const customerId = signedInId()
  if (customerId === null) return []
  const { outcomes, wakeAt } = await drainOrders(customerId, { force })
  announce(outcomes)
  if (timer) clearTimeout(timer)
  timer = wakeAt === null ? undefined : setTimeout(() => void drainNow(), Math.max(0, wakeAt - Date.now()))
  return outcomes
}

/** At boot: drain when a customer is known, when the connection returns and when the worker replayed orders. */
export function startOrderSync(): void {
  if (started) return
  started = true
  let lastCustomer: number | null = null
  const onSession = () => {
    const id = signedInId()
    if (id !== null && id !== lastCustomer) void drainNow(true).catch(() => undefined)
    lastCustomer = id
  }
  subscribeSession(onSession)
  onSession()
  window.addEventListener('online', () => void drainNow(true).catch(() => undefined))
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | undefined)?.type === ORDERS_REPLAYED) void drainNow(true).catch(() => undefined)
  })
}
