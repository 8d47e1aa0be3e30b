import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../domain/dates.ts'
import type { Invoice } from '../../domain/invoice.ts'
import { formatRand } from '../../domain/money.ts'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { Card } from '../../ui/Page.tsx'
import { glob, styled } from '../../ui/styled.ts'
import { stackWhenNarrow } from '../../ui/labelValueRows.ts'
import { Table } from '../../ui/Table.tsx'
import { theme } from '../../ui/theme.ts'

// Printed, the invoice is the whole page: the app's header, footer, banners and buttons stay on screen only.
glob`
  @media print {
    body { background: #fff; }
    body * { visibility: hidden; }
    #tax-invoice, #tax-invoice * { visibility: visible; }
    #tax-invoice { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0; box-shadow: none; }
    #tax-invoice .screen-only { display: none; }
    header, footer { display: none; }
  }
`

const Sheet = styled(Card)`
  h2 { margin: 0 0 4px; font-size: 24px; letter-spacing: 0.02em; }
  .parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr)); gap: 16px; margin: 16px 0; }
  .parties h3 { margin: 0 0 4px; font-size: 14px; color: ${theme.color.muted}; text-transform: uppercase; }
  .parties p { margin: 0; }
  dl { display: grid; grid-template-columns: fit-content(50%) minmax(0, 1fr); gap: 4px 16px; margin: 0 0 16px; ${stackWhenNarrow} }
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin: 0 0 16px; }
  th, td { text-align: left; padding: 6px 4px; border-bottom: 1px solid ${theme.color.border}; }
  thead th { font-size: 13px; }
  /* Amounts never break; descriptions, and on a 320 px phone or with large text headings too, wrap inside a word, so the table fits. */
  container-type: inline-size;
  td { overflow-wrap: anywhere; }
  @container (max-width: 18em) { th { overflow-wrap: anywhere; } }
  .amount { text-align: right; }
  td.amount { white-space: nowrap; }
  tfoot th { text-align: right; font-weight: 600; }
  tfoot .grand th, tfoot .grand td { font-size: 17px; font-weight: 800; border-bottom: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; }
`

/** /orders/{id}/invoice: a South African tax invoice (VAT-inclusive prices, the VAT inside shown), ready to print. */
export function TaxInvoice({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useLingui()
  const rand = (amount: number) => formatRand(amount, i18n.locale)
  const vatPercent = invoice.vatPercent
  return (
    <Sheet id="tax-invoice" aria-label={t`Tax invoice`}>
      {/* The legal title stays in English whatever the language: SARS requires the words "Tax Invoice". */}
      <h2 lang="en">Tax Invoice</h2>
      <dl>
        <dt>
          <Trans>Invoice number</Trans>
        </dt>
        <dd>{invoice.invoiceNumber}</dd>
        <dt>
          <Trans>Invoice date</Trans>
        </dt>
        <dd>{formatDate(invoice.issuedAt, i18n.locale, 'long')}</dd>
        <dt>
          <Trans>Order Number</Trans>
        </dt>
        <dd>{invoice.orderNumber}</dd>
      </dl>
      <div className="parties">
        <section>
          <h3>
            <Trans>Seller</Trans>
          </h3>
          <p>
            <strong>{invoice.seller.name}</strong>
          </p>
          {invoice.seller.address.split(/\s*[\n,]\s*/).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            <Trans>VAT number: {invoice.seller.vatNumber}</Trans>
          </p>
        </section>
        <section>
          <h3>
            <Trans>Customer</Trans>
          </h3>
          <p>
            <strong>{invoice.customer.name}</strong>
          </p>
          {invoice.customer.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>{invoice.customer.email}</p>
        </section>
      </div>
      <Table
        layout="plain"
        caption={t`Invoice lines`}
        rows={invoice.lines}
        rowKey={(line) => `${line.description}:${line.unitPrice}`}
        columns={[
          { header: t`Description`, cell: (line) => line.description },
          { header: t`Quantity`, align: 'end', nowrap: true, cell: (line) => line.quantity },
          { header: t`Unit price`, align: 'end', nowrap: true, cell: (line) => rand(line.unitPrice) },
          { header: t`Amount`, align: 'end', nowrap: true, cell: (line) => rand(line.amount) },
        ]}
        footer={
          <>
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>Total excluding VAT</Trans>
              </th>
              <td className="amount">{rand(invoice.totalExcludingVat)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>VAT at {vatPercent}%</Trans>
              </th>
              <td className="amount">{rand(invoice.vat)}</td>
            </tr>
            <tr className="grand">
              <th scope="row" colSpan={3}>
                <Trans>Total including VAT</Trans>
              </th>
              <td className="amount">{rand(invoice.total)}</td>
            </tr>
          </>
        }
      />
      <div className="actions screen-only">
        <Button type="button" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <ButtonLink to="/orders/$id" params={{ id: String(invoice.orderId) }} $variant="secondary">
          <Trans>Back to order</Trans>
        </ButtonLink>
      </div>
    </Sheet>
  )
}
