import { Trans, useLingui } from '@lingui/react/macro'
import { BILL_TYPE_BUNDLE, BILL_TYPE_ORDER, BILL_TYPE_PAYMENT, type BillCycle } from '../../../domain/billing.ts'
import { formatDate } from '../../../domain/dates.ts'
import { formatRand } from '../../../domain/money.ts'
import { statusText } from '../../../lib/statusText.ts'
import { ButtonLink } from '../../../ui/Button.tsx'
import { styled } from '../../../ui/styled.ts'
import { StackedTable } from '../../../ui/tableStyles.ts'

// On wide screens amounts line up on the right and dates and amounts never break.
const Bills = styled(StackedTable)`
  @media (min-width: 601px) {
    .num { text-align: right; white-space: nowrap; }
    .date { white-space: nowrap; }
  }
`

// A row is either a debit or a credit: a dash reads clearer than R0 in the other column.
const amount = (rand: number, language: string) => (rand === 0 ? '—' : formatRand(rand, language))

/** /billing: REFERENCE, DATE, TYPE, DEBIT, CREDIT, BALANCE, STATUS and "View Order" per row, oldest first. */
export function BillingTable({ rows }: { rows: readonly BillCycle[] }) {
  const { t, i18n } = useLingui()
  return (
    <Bills aria-label={t`Bill cycles`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>REFERENCE</Trans>
          </th>
          <th scope="col" className="date">
            <Trans>DATE</Trans>
          </th>
          <th scope="col">
            <Trans>TYPE</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>DEBIT</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>CREDIT</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>BALANCE</Trans>
          </th>
          <th scope="col">
            <Trans>STATUS</Trans>
          </th>
          <th scope="col">
            <span className="sr-only">
              <Trans>Actions</Trans>
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          // Order numbers and payments' transaction ids are unique on the server.
          <tr key={`${row.type}:${row.reference}`}>
            <td data-label={t`REFERENCE`}>{row.reference}</td>
            <td className="date" data-label={t`DATE`}>
              {formatDate(row.date, i18n.locale, 'short')}
            </td>
            <td data-label={t`TYPE`}>
              {row.type === BILL_TYPE_ORDER ? (
                <Trans>Order</Trans>
              ) : row.type === BILL_TYPE_BUNDLE ? (
                <Trans>Bundle</Trans>
              ) : row.type === BILL_TYPE_PAYMENT ? (
                <Trans>Payment</Trans>
              ) : (
                <Trans>Subscription</Trans>
              )}
            </td>
            <td className="num" data-label={t`DEBIT`}>
              {amount(row.debit, i18n.locale)}
            </td>
            <td className="num" data-label={t`CREDIT`}>
              {amount(row.credit, i18n.locale)}
            </td>
            <td className="num" data-label={t`BALANCE`}>
              {formatRand(row.balance, i18n.locale)}
            </td>
            <td data-label={t`STATUS`}>{statusText(i18n, row.status)}</td>
            <td>
              <ButtonLink to="/orders/$id" params={{ id: String(row.order_id) }} $variant="secondary" aria-label={t`View Order ${row.reference}`}>
                <Trans>View Order</Trans>
              </ButtonLink>
            </td>
          </tr>
        ))}
      </tbody>
    </Bills>
  )
}
