import type { RefundDue, RefundReply, RefundRequest, StaffPaymentReply } from '../../domain/refundSchemas.ts'
import { staffApi } from './client.ts'

/** The refunds queue: payments owed back, oldest first (amounts in cents). */
export const loadRefundsDue = () => staffApi<{ payments: RefundDue[] }>('GET', '/payments/refunds-due').then((answer) => answer.payments)

/** One payment with its order's lines and its refunds. */
export const loadPayment = (paymentId: number) => staffApi<StaffPaymentReply>('GET', `/payments/${paymentId}`)

/** Asks for a refund; `key` is the dialog's one Idempotency-Key, so a double click or a retry refunds once. */
export const requestRefund = (paymentId: number, request: RefundRequest, key: string) =>
  staffApi<RefundReply>('POST', `/payments/${paymentId}/refunds`, request, undefined, { 'Idempotency-Key': key })
