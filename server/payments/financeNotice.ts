import type { RefundDueReason } from '../../src/domain/refunds.ts'
import { DEFAULT_LANGUAGE } from '../../src/domain/languageCodes.ts'
import type { Queryable } from '../db/types.ts'
import { queueMail } from '../mail/queueMail.ts'
import { refundOwedNoticeMail } from '../mail/templates/refundOwedNotice.ts'
import { demoSupportEmail } from '../support/supportInbox.ts'

/** Who is told of a payment owed back, and where the refunds queue is. */
export interface FinanceNotice {
  /** FINANCE_EMAIL (SUPPORT_EMAIL when unset). */
  to: string
  /** PUBLIC_URL/staff/payments. */
  queueUrl: string
}

/** The notice as the configuration sets it; without one (a server built by hand, a test), the demo's support address. */
export const financeNotice = (settings: { financeEmail?: string; publicUrl?: string }): FinanceNotice => ({
  to: settings.financeEmail || demoSupportEmail,
  queueUrl: `${settings.publicUrl ?? ''}/staff/payments`,
})

/** Queues the notice of a payment owed back, in `tx`, the transaction that marks it refund_due. */
export async function queueRefundOwedNotice(
  tx: Queryable,
  notice: FinanceNotice | undefined,
  owed: { orderNumber: string; amount: number; reason: RefundDueReason },
): Promise<void> {
  const { to, queueUrl } = notice ?? financeNotice({})
  await queueMail(tx, { to, language: DEFAULT_LANGUAGE, template: refundOwedNoticeMail, values: { ...owed, link: queueUrl } })
}
