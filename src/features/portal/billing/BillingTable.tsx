import { Trans, useLingui } from '@lingui/react/macro'
import { BILL_TYPE_BUNDLE, BILL_TYPE_ORDER, BILL_TYPE_PAYMENT, type BillCycle } from '../../../domain/billing.ts'
import { formatDate } from '../../../domain/dates.ts'
import { formatRand } from '../../../domain/money.ts'
import { statusText } from '../../../lib/statusText.ts'
import { ButtonLink } from '../../../ui/Button.tsx'
import { Table } from '../../../ui/Table.tsx'

// A row is either a debit or a credit: a dash reads clearer than R0 in the other column.
const amount = (rand: number, language: string) => (rand === 0 ? '—' : formatRand(rand, language))

function BillType({ type }: { type: BillCycle['type'] }) {
  if (type === BILL_TYPE_ORDER) return <Trans>Order</Trans>
  if (type === BILL_TYPE_BUNDLE) return <Trans>Bundle</Trans>
  if (type === BILL_TYPE_PAYMENT) return <Trans>Payment</Trans>
  return <Trans>Subscription</Trans>
}

/** /billing: REFERENCE, DATE, TYPE, DEBIT, CREDIT, BALANCE, STATUS and "View Order" per row, oldest first; on wide screens amounts on the right. */
export function BillingTable({ rows }: { rows: readonly BillCycle[] }) {
  const { t, i18n } = useLingui()
  return (
    <Table
      caption={t`Bill cycles`}
      rows={rows}
      // Order numbers and payments' transaction ids are unique on the server.
      rowKey={(row) => `${row.type}:${row.reference}`}
      columns={[
        { header: t`REFERENCE`, cell: (row) => row.reference },
        { header: t`DATE`, nowrap: true, cell: (row) => formatDate(row.date, i18n.locale, 'short') },
        { header: t`TYPE`, cell: (row) => <BillType type={row.type} /> },
        { header: t`DEBIT`, align: 'end', nowrap: true, cell: (row) => amount(row.debit, i18n.locale) },
        { header: t`CREDIT`, align: 'end', nowrap: true, cell: (row) => amount(row.credit, i18n.locale) },
        { header: t`BALANCE`, align: 'end', nowrap: true, cell: (row) => formatRand(row.balance, i18n.locale) },
        { header: t`STATUS`, cell: (row) => statusText(i18n, row.status) },
        {
          header: t`Actions`,
          hidden: true,
          cell: (row) => (
            <ButtonLink to="/orders/$id" params={{ id: String(row.order_id) }} $variant="secondary" aria-label={t`View Order ${row.reference}`}>
              <Trans>View Order</Trans>
            </ButtonLink>
          ),
        },
      ]}
    />
  )
}
