import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { extractCss } from 'goober'
import { Table, type Column } from '../../src/ui/Table.tsx'

interface Bill {
  reference: string
  amount: number
}

const columns: Column<Bill>[] = [
  { header: 'Reference', cell: (bill) => bill.reference },
  { header: 'Amount', align: 'end', nowrap: true, cell: (bill) => `R${bill.amount}` },
  { header: 'Actions', hidden: true, cell: (bill) => <a href={`/bills/${bill.reference}`}>View</a> },
]
const bills: Bill[] = [
  { reference: 'B-1', amount: 299 },
  { reference: 'B-2', amount: 0 },
]

describe('the table', () => {
  it('is named by its caption and heads each column with a header cell scoped to it', () => {
    const html = renderToString(<Table caption="Bill cycles" columns={columns} rows={bills} rowKey={(bill) => bill.reference} />)
    expect(html).toMatch(/<table class="[^"]+"><caption class="sr-only">Bill cycles<\/caption><thead><tr>/)
    expect(html).toContain('<th scope="col">Reference</th><th scope="col" class="end">Amount</th><th scope="col"><span class="sr-only">Actions</span></th>')
  })

  it('draws a row per item, each cell labelled with its column for the stacked phone layout, a column of buttons unlabelled', () => {
    const html = renderToString(<Table caption="Bill cycles" columns={columns} rows={bills} rowKey={(bill) => bill.reference} />)
    expect(html).toContain(
      '<tbody><tr><td data-label="Reference">B-1</td><td class="end nowrap" data-label="Amount">R299</td><td><a href="/bills/B-1">View</a></td></tr>' +
        '<tr><td data-label="Reference">B-2</td><td class="end nowrap" data-label="Amount">R0</td><td><a href="/bills/B-2">View</a></td></tr></tbody>',
    )
    expect(html).not.toContain('tfoot')
  })

  it('puts the totals under the body, and leaves a plain table its look to the page around it', () => {
    const stacked = renderToString(<Table caption="Lines" columns={columns} rows={bills} rowKey={(bill) => bill.reference} />)
    const plain = renderToString(
      <Table
        layout="plain"
        caption="Lines"
        columns={columns}
        rows={bills}
        rowKey={(bill) => bill.reference}
        footer={
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>R299</td>
          </tr>
        }
      />,
    )
    expect(plain).toContain('</tbody><tfoot><tr><th scope="row" colSpan="2">Total</th><td>R299</td></tr></tfoot></table>')
    const classOf = (html: string) => /<table class="([^"]+)"/.exec(html)?.[1] ?? ''
    expect(classOf(plain)).not.toBe(classOf(stacked))
    // On a phone only the stacked table turns its rows into labelled cards.
    const css = extractCss()
    const rulesOf = (name: string) =>
      css
        .split('}')
        .filter((rule) => rule.includes(`.${name}`))
        .join('}')
    expect(rulesOf(classOf(stacked))).toContain('content:attr(data-label)')
    expect(rulesOf(classOf(plain))).not.toContain('data-label')
  })

  it('draws an empty body when there is nothing to list', () => {
    const html = renderToString(<Table caption="Bill cycles" columns={columns} rows={[]} rowKey={(bill) => bill.reference} />)
    expect(html).toContain('<tbody></tbody>')
  })
})
