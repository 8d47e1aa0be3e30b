import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import type { RefundDueReason } from '../../domain/refunds.ts'
import type { RefundDue, StaffRefund } from '../../domain/refundSchemas.ts'
import { loadRefundsDue } from '../api/payments.ts'
import { useFormats } from '../ui/format.ts'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { Button, Card, Notice, TableBox, TableHead } from '../ui/parts.tsx'
import { RefundDialog } from './RefundDialog.tsx'

const dueReasons: Record<RefundDueReason, MessageDescriptor> = {
  'already paid': msg`Paid after the order was paid`,
  'voided checkout': msg`Paid on a replaced checkout`,
  'no customer': msg`Paid after the account was deleted`,
}

const dayMs = 24 * 60 * 60 * 1000

/** /staff/payments: the payments owed back (refund_due), oldest first, each refunded through its dialog. */
export function PaymentsScreen() {
  const { t, i18n } = useLingui()
  const errorText = useErrorText()
  const [due, setDue] = useState<RefundDue[] | undefined>()
  const [error, setError] = useState<unknown>()
  const [open, setOpen] = useState<RefundDue | undefined>()
  const [done, setDone] = useState<StaffRefund | undefined>()
  const load = useCallback(() => {
    loadRefundsDue().then(
      (payments) => {
        setDue(payments)
        setError(undefined)
      },
      (failed: unknown) => setError(failed),
    )
  }, [])
  useEffect(load, [load])
  const { money, when } = useFormats()
  const rand = (cents: number) => money(cents / 100)

  return (
    <>
      <ScreenTitle title={t`Payments owed back`}>
        <Trans>Payments owed back</Trans>
      </ScreenTitle>
      <p>
        <Trans>
          Money the card provider took that paid nothing: a second payment of an order, a payment on a replaced checkout. Refund each through the card provider;
          the customer is mailed in their language and sees the refund on their order page.
        </Trans>
      </p>
      {done && (
        <Notice tone={done.status === 'refunded' ? 'success' : 'info'}>
          {done.status === 'refunded' ? (
            <Trans>
              {rand(done.amount)} of order {done.orderNumber} was refunded. The customer has been mailed.
            </Trans>
          ) : (
            <Trans>
              The refund of {rand(done.amount)} for order {done.orderNumber} was sent and waits for the card provider's confirmation. Open it again later to
              check it.
            </Trans>
          )}
        </Notice>
      )}
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      <Card aria-labelledby="refunds-due-title">
        <h2 id="refunds-due-title">
          <Trans>Refunds due</Trans>
        </h2>
        {due === undefined ? (
          error === undefined && (
            <p role="status">
              <Trans>Loading…</Trans>
            </p>
          )
        ) : due.length === 0 ? (
          <p>
            <Trans>Nothing is owed back. Every payment that paid nothing has been refunded.</Trans>
          </p>
        ) : (
          <TableBox label={t`Refunds due`}>
            <table>
              <TableHead columns={[t`Order`, t`Customer`, t`Owed`, t`Reason`, t`Paid`, <span key="action" className="visually-hidden">{t`Action`}</span>]} />
              <tbody>
                {due.map((payment) => {
                  const days = Math.max(0, Math.floor((Date.now() - Date.parse(payment.paidAt)) / dayMs))
                  return (
                    <tr key={payment.paymentId}>
                      <td>{payment.orderNumber}</td>
                      <td>
                        {payment.customer ? (
                          <>
                            {payment.customer.name || payment.customer.email}
                            <br />
                            <small>{payment.customer.email}</small>
                          </>
                        ) : (
                          <Trans>Account deleted</Trans>
                        )}
                      </td>
                      <td>
                        {rand(payment.remaining)}
                        {payment.remaining !== payment.amount && (
                          <>
                            <br />
                            <small>
                              <Trans>of {rand(payment.amount)} paid</Trans>
                            </small>
                          </>
                        )}
                      </td>
                      <td>{payment.reason ? i18n._(dueReasons[payment.reason]) : '—'}</td>
                      <td>
                        {when(payment.paidAt)}
                        <br />
                        <small>
                          <Plural value={days} one="# day ago" other="# days ago" />
                        </small>
                        <br />
                        <small>{payment.paidWith}</small>
                      </td>
                      <td>
                        <Button type="button" onClick={() => setOpen(payment)} aria-label={t`Refund order ${payment.orderNumber}`}>
                          <Trans>Refund</Trans>
                        </Button>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableBox>
        )}
      </Card>
      {open && (
        <RefundDialog
          payment={open}
          onClose={() => setOpen(undefined)}
          onRefunded={(refund) => {
            setOpen(undefined)
            setDone(refund)
            load()
          }}
        />
      )}
    </>
  )
}
