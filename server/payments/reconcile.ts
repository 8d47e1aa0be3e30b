import { outcomeOf } from '../../src/domain/payment.ts'
import type { Partner } from '../orders/partner.ts'
import type { NetworkSource } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import type { FinanceNotice } from './financeNotice.ts'
import type { Logger } from '../log.ts'
import { payments } from '../metrics.ts'
import { pushPaymentFailed } from '../push/paymentPushes.ts'
import { paymentAttempted } from './cardPayments.ts'
import { ProviderRefused, ProviderUnavailable } from './provider.ts'
import type { CardProvider, ProviderPayment } from './provider.ts'
import { recordPaymentOnce } from './recordPayment.ts'
import { settlePendingRefund } from './refunds.ts'
import { recordReportedPayment } from './reportedPayment.ts'
import { storeWalletAnswer, walletAnswer } from './walletPayments.ts'
import { startPeriodicJob, type PeriodicJob } from '../periodicJob.ts'

export interface ReconcilerOptions {
  db: Db
  provider: CardProvider
  partner: Partner
  /** Whose network the SIMs of the payments it records are on. */
  network: NetworkSource
  log: Logger
  /** Time between runs. */
  intervalMs: number
  /** A checkout, or a wallet charge without an answer, is left open once this old: its browser is not coming back. */
  leftOpenAfterMs: number
  /** Who is told of a payment owed back (FINANCE_EMAIL). */
  notice?: FinanceNotice
}

/** What one run did. */
export interface ReconcileRun {
  /** Checkouts and wallet charges the provider was asked about. */
  asked: number
  /** Payments this run recorded (not those recorded by someone else first). */
  recorded: number
  /** Refunds left pending that this run settled (made or refused by the provider). */
  refundsSettled: number
}

/** At most this many rows per run, so one run never holds the provider for long. */
const maxPerRun = 50
/** Peach Payments allows two status requests a minute per transaction: a row is asked again a minute later at the soonest. */
const minRecheckMs = 60_000
/** A checkout still pending at the provider after a day is given up on (the provider's checkouts live 30 minutes). */
const giveUpAfterMs = 24 * 60 * 60 * 1000

interface OpenCheckout {
  id: string
  customer_id: number | null
  order_id: number
  order_number: string
  amount: number
  currency: string
  age_ms: number
}

interface UnansweredCharge {
  customer_id: number
  key: string
  order_id: number
  order_number: string
  attempt: number
}

/**
 * Resolves what no browser will: card checkouts left open, wallet charges left without an answer, and refunds the
 * provider did not answer. Each row is taken
 * by one statement that locks it (FOR UPDATE SKIP LOCKED) and moves its next check forward, so across instances
 * exactly one worker asks the provider about it, and nobody holds a transaction while the provider answers.
 * Payments found are recorded through the one recording path, which records each once whoever finds it.
 */
export function startReconciler(options: ReconcilerOptions): PeriodicJob {
  return startPeriodicJob(() => reconcileOnce(options), { intervalMs: options.intervalMs, log: options.log, failure: 'payment reconciliation failed' })
}

/** One pass over what is left open; what the provider cannot answer now is asked again on a later run. */
export async function reconcileOnce(options: Omit<ReconcilerOptions, 'intervalMs'>): Promise<ReconcileRun> {
  const run: ReconcileRun = { asked: 0, recorded: 0, refundsSettled: 0 }
  const recheckSeconds = Math.max(options.leftOpenAfterMs, minRecheckMs) / 1000
  const afterSeconds = options.leftOpenAfterMs / 1000
  try {
    while (run.asked < maxPerRun) {
      const checkout = await takeCheckout(options.db, afterSeconds, recheckSeconds)
      if (!checkout) break
      run.asked++
      if (await resolveCheckout(options, checkout)) run.recorded++
    }
    while (run.asked < maxPerRun) {
      const charge = await takeCharge(options.db, afterSeconds, recheckSeconds)
      if (!charge) break
      run.asked++
      if (await resolveCharge(options, charge)) run.recorded++
    }
    while (run.asked < maxPerRun) {
      const refund = await settlePendingRefund(options.db, options.provider, options.log, { afterSeconds, recheckSeconds })
      if (!refund) break
      run.asked++
      if (refund === 'settled') run.refundsSettled++
    }
  } catch (error) {
    // The provider is down or refusing: the rows taken are asked again after their recheck time.
    if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error
    options.log.warn({ err: error }, 'payment reconciliation stopped: the card provider did not answer')
  }
  return run
}

function takeCheckout(db: Db, afterSeconds: number, recheckSeconds: number): Promise<OpenCheckout | undefined> {
  return db
    .query<OpenCheckout>(
      `update checkouts c set next_check_at = now() + make_interval(secs => $2)
       from orders o
       where c.id = (
           select id from checkouts
           where settled_at is null and next_check_at <= now() and created_at <= now() - make_interval(secs => $1)
           order by next_check_at
           limit 1
           for update skip locked)
         and o.id = c.order_id
       returning c.id, c.customer_id, c.order_id, o.order_number, c.amount, c.currency,
         (extract(epoch from now() - c.created_at) * 1000)::float8 as age_ms`,
      [afterSeconds, recheckSeconds],
    )
    .then((rows) => rows[0])
}

function takeCharge(db: Db, afterSeconds: number, recheckSeconds: number): Promise<UnansweredCharge | undefined> {
  return db
    .query<UnansweredCharge>(
      `update wallet_requests w set next_check_at = now() + make_interval(secs => $2)
       from orders o
       where (w.customer_id, w.key) = (
           select customer_id, key from wallet_requests
           where status is null and charging_since is not null and charging_since <= now() - make_interval(secs => $1)
             and (next_check_at is null or next_check_at <= now())
           order by charging_since
           limit 1
           for update skip locked)
         and o.id = w.order_id
       returning w.customer_id, w.key, w.order_id, o.order_number, w.attempt`,
      [afterSeconds, recheckSeconds],
    )
    .then((rows) => rows[0])
}

/** Whether this call settled the checkout (another instance may have meanwhile). */
const settle = async (db: Queryable, checkoutId: string) =>
  (await db.query('update checkouts set settled_at = now() where id = $1 and settled_at is null returning id', [checkoutId])).length > 0

/** Asks how a checkout went: its payment status, or once the provider has forgotten the checkout, its transaction report. */
async function resolveCheckout(
  { db, provider, partner, network, log, notice }: Omit<ReconcilerOptions, 'intervalMs'>,
  checkout: OpenCheckout,
): Promise<boolean> {
  log.debug({ checkoutId: checkout.id, orderId: checkout.order_id }, 'asking the card provider about a checkout left open')
  let payment: ProviderPayment | null | undefined = await provider.checkoutPayment(checkout.id)
  if (!payment) payment = (await provider.paymentsOf(checkout.order_number)).find((p) => p.ndc === checkout.id)
  const outcome = payment ? outcomeOf(payment.result.code) : 'failed'
  if (payment && outcome === 'successful') {
    const recorded =
      (await recordPaymentOnce(
        db,
        {
          method: 'card',
          checkoutId: checkout.id,
          orderId: checkout.order_id,
          orderNumber: checkout.order_number,
          amount: checkout.amount,
          currency: checkout.currency,
          payment,
          partner,
          network,
          ...(notice ? { notice } : {}),
        },
        log,
      )) !== 'known'
    if (recorded) log.info({ checkoutId: checkout.id, orderId: checkout.order_id, paymentId: payment.id }, 'card payment recorded by reconciliation')
    return recorded
  }
  if (outcome === 'pending' && checkout.age_ms < giveUpAfterMs) return false
  // Failed, never paid, gone at the provider, or pending for a day: nobody needs to ask again.
  if (outcome === 'pending')
    log.warn({ checkoutId: checkout.id, orderId: checkout.order_id }, 'card checkout still pending at the provider after a day: no longer asked')
  // A card declined is counted once, here, when its checkout is settled: the browser may ask about it any number of times.
  const declined = !!payment && outcome === 'failed' && paymentAttempted(payment)
  const settledNow = await db.transaction(async (tx) => {
    const settledHere = await settle(tx, checkout.id)
    // The customer may have left before it was declined: their devices are told, once per checkout (a webhook may have told first).
    if (settledHere && declined) await pushPaymentFailed(tx, { orderId: checkout.order_id, attempt: `checkout:${checkout.id}`, amount: checkout.amount })
    return settledHere
  })
  if (settledNow) payments.inc({ method: 'card', outcome: declined ? 'failed' : 'abandoned' })
  return false
}

/** Asks the provider whether a wallet charge that got no answer went through, and answers the request for its retries. */
async function resolveCharge(
  { db, provider, partner, network, log, notice }: Omit<ReconcilerOptions, 'intervalMs'>,
  charge: UnansweredCharge,
): Promise<boolean> {
  log.debug({ orderId: charge.order_id }, 'asking the card provider about a wallet charge without an answer')
  const wallet = (await provider.paymentsOf(charge.order_number)).filter((p) => p.paymentBrand === 'GOOGLEPAY')
  const order = { id: charge.order_id, number: charge.order_number }
  const paid = wallet.find((p) => outcomeOf(p.result.code) === 'successful')
  if (paid) {
    const recorded = ['recorded', 'refund_due'].includes(await recordReportedPayment(db, partner, network, paid, log, notice))
    await storeWalletAnswer(db, charge.customer_id, charge.key, await walletAnswer(db, paid, order), charge.attempt)
    if (recorded) log.info({ orderId: charge.order_id, paymentId: paid.id }, 'wallet payment recorded by reconciliation')
    return recorded
  }
  if (wallet.some((p) => outcomeOf(p.result.code) === 'pending')) return false
  const failed = wallet.at(-1)
  if (failed) {
    await storeWalletAnswer(db, charge.customer_id, charge.key, await walletAnswer(db, failed, order), charge.attempt)
    return false
  }
  // The charge never reached the provider: the request is forgotten, so the customer's retry charges afresh, unless
  // a retry took it over meanwhile.
  await db.query('delete from wallet_requests where customer_id = $1 and key = $2 and status is null and attempt = $3', [
    charge.customer_id,
    charge.key,
    charge.attempt,
  ])
  return false
}
