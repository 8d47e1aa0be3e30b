import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { MAX_REFUND_NOTE, REFUND_REASONS, suggestedReason } from '../../domain/refunds.ts'
import type { RefundReason } from '../../domain/refunds.ts'
import type { RefundDue, StaffPaymentReply, StaffRefund } from '../../domain/refundSchemas.ts'
import { StaffApiError } from '../api/client.ts'
import { loadPayment, requestRefund } from '../api/payments.ts'
import { useFormats } from '../ui/format.ts'
import { refundReasonLabels } from './reasonLabels.ts'
import { withStepUp } from '../stepUp.ts'
import { Dialog } from '../ui/Dialog.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { Button, Field, Notice } from '../ui/parts.tsx'

/** A rand amount as typed ("299", "299.50", "299,50"), in cents; undefined when it is none. */
const centsOf = (typed: string): number | undefined => {
  const value = Number(typed.trim().replace(',', '.'))
  return typed.trim() !== '' && Number.isFinite(value) && value > 0 ? Math.round(value * 100) : undefined
}

/**
 * The refund of one payment: amount (what remains, to start with), reason, the order line for a cancelled line, a
 * note. The dialog makes one Idempotency-Key when it opens: every click and retry of it asks for the same refund, so
 * the server refunds once. The passkey check is asked for when the server wants it.
 */
export function RefundDialog({ payment, onClose, onRefunded }: { payment: RefundDue; onClose: () => void; onRefunded: (refund: StaffRefund) => void }) {
  const { t, i18n } = useLingui()
  const errorText = useErrorText()
  const key = useRef(crypto.randomUUID()).current
  const [details, setDetails] = useState<StaffPaymentReply | undefined>()
  const [amount, setAmount] = useState((payment.remaining / 100).toFixed(2))
  const [reason, setReason] = useState<RefundReason>(suggestedReason(payment.reason))
  const [line, setLine] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | undefined>()
  useEffect(() => {
    loadPayment(payment.paymentId).then(setDetails, () => undefined)
  }, [payment.paymentId])
  const { money } = useFormats()
  const rand = (cents: number) => money(cents / 100)
  const lines = details?.payment.lines ?? []
  const typed = centsOf(amount)
  const shown = typed === undefined ? '' : rand(typed)

  const submit = () => {
    const cents = centsOf(amount)
    if (cents === undefined) return setProblem(t`Enter the amount to refund in rand, such as 299.00.`)
    if (cents > payment.remaining) return setProblem(t`At most ${rand(payment.remaining)} remains to be refunded.`)
    if (reason === 'cancelled line' && line === '') return setProblem(t`Choose the cancelled line.`)
    setProblem(undefined)
    setBusy(true)
    const orderLine = line === '' ? null : Number(line)
    withStepUp(() => requestRefund(payment.paymentId, { amount: cents, reason, note, orderLine }, key)).then(
      (answer) => {
        setBusy(false)
        if (answer.refund) onRefunded(answer.refund)
      },
      (failed: unknown) => {
        setBusy(false)
        if (failed instanceof StaffApiError && failed.status === 502) setProblem(t`The card provider refused the refund: ${failed.message}`)
        else if (failed instanceof StaffApiError && failed.status === 409) setProblem(t`Not refunded: ${failed.message}`)
        else setProblem(errorText(failed))
      },
    )
  }

  return (
    <Dialog title={<Trans>Refund order {payment.orderNumber}</Trans>} onCancel={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        noValidate
      >
        <p>
          <Trans>
            {rand(payment.remaining)} remains of {rand(payment.amount)} paid with {payment.paidWith}. The refund goes back to that card through the card
            provider.
          </Trans>
        </p>
        {problem && <Notice tone="error">{problem}</Notice>}
        <Field label={<Trans>Amount (rand)</Trans>}>
          {(id) => <input id={id} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field label={<Trans>Reason</Trans>}>
          {(id) => (
            <select id={id} name="reason" value={reason} onChange={(e) => setReason(e.target.value as RefundReason)}>
              {REFUND_REASONS.map((r) => (
                <option key={r} value={r}>
                  {i18n._(refundReasonLabels[r])}
                </option>
              ))}
            </select>
          )}
        </Field>
        {(reason === 'cancelled line' || line !== '') && (
          <Field label={<Trans>Order line</Trans>} hint={<Trans>A line's refund is at most its price.</Trans>}>
            {(id, describedBy) => (
              <select id={id} name="orderLine" value={line} onChange={(e) => setLine(e.target.value)} aria-describedby={describedBy}>
                <option value="">{t`The whole order`}</option>
                {lines.map((l) => (
                  <option key={l.number} value={String(l.number)}>
                    {l.number}. {l.name} ({rand(l.price)})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label={<Trans>Note (kept in the audit log)</Trans>}>
          {(id) => (
            <textarea
              id={id}
              name="note"
              rows={3}
              style={{ font: 'inherit', padding: 8, borderRadius: 8 }}
              maxLength={MAX_REFUND_NOTE}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <div className="actions">
          <Button type="submit" disabled={busy}>
            {busy ? <Trans>Refunding…</Trans> : <Trans>Refund {shown}</Trans>}
          </Button>
          <Button type="button" $variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
