import type { MessageDescriptor } from '@lingui/core'
import type { PushKind } from '../../src/domain/push.ts'

/** What a payment's or refund's notification names: the order, and the Rand amount (formatted in the device's language). */
export interface MoneyValues {
  orderNumber: string
  amount: number
}

/** What a SIM's notification names: the name the customer gave it; a bundle's and a plan's also name the bundle or the plan. */
export interface SimValues {
  sim: string
}

/** What a usage alert's bundle holds, as far as its network id tells ("data0-1a2b", "spend_limit-…"): the alert names it so. */
export type UsageBalance = 'data' | 'voice' | 'sms' | 'other'

export interface PushValuesOf {
  payment_received: MoneyValues
  payment_failed: MoneyValues
  refund_made: MoneyValues
  plan_changed: SimValues & { plan: string }
  bundle_credited: SimValues & { bundle: string }
  usage_50: SimValues & { balance: UsageBalance }
  usage_80: SimValues & { balance: UsageBalance }
  usage_100: SimValues & { balance: UsageBalance }
  sim_activated: SimValues
  rica_verified: SimValues
  rica_failed: SimValues
}

/**
 * Each kind's title and body, in the push catalogue (locales/push/), with explicit ids found by their mark as the
 * mails' are (server/mail/template.ts). Short: a lock screen shows two lines.
 */
export const pushMessages: Record<PushKind, { title: MessageDescriptor; body: MessageDescriptor }> = {
  payment_received: {
    title: /*i18n*/ { id: 'push.paymentReceived.title', message: 'Payment received' },
    body: /*i18n*/ { id: 'push.paymentReceived.body', message: 'We received your payment of {amount} for order {orderNumber}.' },
  },
  payment_failed: {
    title: /*i18n*/ { id: 'push.paymentFailed.title', message: 'Payment failed' },
    body: /*i18n*/ {
      id: 'push.paymentFailed.body',
      message: 'Your payment of {amount} for order {orderNumber} did not go through. Open the order to try again.',
    },
  },
  refund_made: {
    title: /*i18n*/ { id: 'push.refundMade.title', message: 'Refund made' },
    body: /*i18n*/ { id: 'push.refundMade.body', message: 'We refunded {amount} for order {orderNumber}. Your bank may take a few days to show it.' },
  },
  plan_changed: {
    title: /*i18n*/ { id: 'push.planChanged.title', message: 'Package changed' },
    body: /*i18n*/ { id: 'push.planChanged.body', message: '{sim} is now on {plan}.' },
  },
  bundle_credited: {
    title: /*i18n*/ { id: 'push.bundleCredited.title', message: 'Bundle added' },
    body: /*i18n*/ { id: 'push.bundleCredited.body', message: '{bundle} was added to {sim}.' },
  },
  usage_50: {
    title: /*i18n*/ { id: 'push.usage50.title', message: 'Half of your bundle used' },
    body: /*i18n*/ { id: 'push.usage50.body', message: '{sim} has used 50% of its {balance, select, data {data} voice {minutes} sms {SMS} other {bundle}}.' },
  },
  usage_80: {
    title: /*i18n*/ { id: 'push.usage80.title', message: '80% of your bundle used' },
    body: /*i18n*/ {
      id: 'push.usage80.body',
      message: '{sim} has used 80% of its {balance, select, data {data} voice {minutes} sms {SMS} other {bundle}}. Buy a bundle in time to stay connected.',
    },
  },
  usage_100: {
    title: /*i18n*/ { id: 'push.usage100.title', message: 'Bundle used up' },
    body: /*i18n*/ {
      id: 'push.usage100.body',
      message: '{sim} has used all of its {balance, select, data {data} voice {minutes} sms {SMS} other {bundle}}. Buy a bundle to stay connected.',
    },
  },
  sim_activated: {
    title: /*i18n*/ { id: 'push.simActivated.title', message: 'SIM active' },
    body: /*i18n*/ { id: 'push.simActivated.body', message: '{sim} is active: you can use it now.' },
  },
  rica_verified: {
    title: /*i18n*/ { id: 'push.ricaVerified.title', message: 'RICA verified' },
    body: /*i18n*/ { id: 'push.ricaVerified.body', message: 'Your identity was verified for {sim}. We are activating it now.' },
  },
  rica_failed: {
    title: /*i18n*/ { id: 'push.ricaFailed.title', message: 'RICA not verified' },
    body: /*i18n*/ { id: 'push.ricaFailed.body', message: 'We could not verify your identity for {sim}. Open the SIM to see what to do.' },
  },
}
