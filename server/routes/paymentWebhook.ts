import type { NetworkSource } from '../../src/domain/service.ts'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import type { Partner } from '../orders/partner.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeOpen, refusal } from '../http/openApi.ts'
import { requestLog } from '../http/requestContext.ts'
import { paymentNotifications } from '../metrics.ts'
import { ivHeader, NotificationSchema, openNotification, paymentWebhookPath, tagHeader } from '../payments/notifications.ts'
import { ProviderPaymentSchema } from '../payments/provider.ts'
import { jsonOrUndefined } from '../http/jsonBody.ts'
import { recordReportedPayment } from '../payments/reportedPayment.ts'
import type { FinanceNotice } from '../payments/financeNotice.ts'

/** A payment notification is one payment object, a few KB; hex doubles it. */
const maxNotificationBytes = 64 * 1024

const described = describeOpen({
  summary: "The card provider's payment notifications, sealed with the webhook key (AES-256-GCM)",
  tags: ['payments'],
  parameters: [
    { in: 'header', name: ivHeader, required: true, schema: { type: 'string' }, description: 'The initialisation vector, hex' },
    { in: 'header', name: tagHeader, required: true, schema: { type: 'string' }, description: 'The authentication tag, hex' },
  ],
  requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string', description: 'The encrypted notification, hex' } } } },
  responses: {
    200: answer('Received: { received: true, outcome } (recorded, refund_due, known, unpaid, unknown or ignored)'),
    400: refusal('Not a notification this storefront understands'),
    401: refusal('Not sealed with the webhook key'),
    413: refusal('Larger than 64 KB'),
  },
})

/**
 * The card provider's payment notifications (POST /api/payments/webhook, no Key: the provider cannot send one, and
 * the encryption proves the sender). A successful payment is recorded through the one recording path, so a
 * notification after the browser's poll or the worker, or the provider's repeat of one, records nothing twice.
 * Any 2xx tells the provider it arrived; anything else makes it send the notification again later.
 */
export function paymentWebhookRoutes(db: Db, settings: { key: Buffer; partner: Partner; network: NetworkSource; notice?: FinanceNotice }) {
  return new Hono().post(
    paymentWebhookPath,
    described,
    bodyLimit({ maxSize: maxNotificationBytes, onError: (c) => jsonError(c, 413, 'Notification too large') }),
    async (c) => {
      const log = requestLog(c)
      const text = openNotification(settings.key, { body: (await c.req.text()).trim(), iv: c.req.header(ivHeader), tag: c.req.header(tagHeader) })
      if (text === undefined) {
        paymentNotifications.inc({ type: 'unsealed', outcome: 'refused' })
        log.warn('payment notification refused: not sealed with the webhook key')
        return jsonError(c, 401, 'Notification not authenticated')
      }
      const json = jsonOrUndefined(text)
      const notification = v.safeParse(NotificationSchema, json)
      if (!notification.success) {
        paymentNotifications.inc({ type: 'invalid', outcome: 'refused' })
        return jsonError(c, 400, 'Notification not understood')
      }
      // Registrations, schedules and risk checks are not used by this storefront: acknowledged, so they are not sent again.
      if (notification.output.type !== 'PAYMENT') {
        paymentNotifications.inc({ type: 'other', outcome: 'ignored' })
        return c.json({ received: true, outcome: 'ignored' })
      }
      const payment = v.safeParse(ProviderPaymentSchema, notification.output.payload)
      if (!payment.success) {
        paymentNotifications.inc({ type: 'invalid', outcome: 'refused' })
        log.error({ type: notification.output.type }, 'payment notification not understood: the payment has an unknown shape')
        return jsonError(c, 400, 'Notification not understood')
      }
      const outcome = await recordReportedPayment(db, settings.partner, settings.network, payment.output, log, settings.notice)
      paymentNotifications.inc({ type: 'payment', outcome })
      log.info(
        { outcome, paymentId: payment.output.id, merchantTransactionId: payment.output.merchantTransactionId, resultCode: payment.output.result.code },
        'payment notification',
      )
      return c.json({ received: true, outcome })
    },
  )
}
