import type { Key, ReactNode } from 'react'
import { styled } from './styled.ts'
import { theme } from './theme.ts'

/** One column of a Table: its name, what each row shows in it, and how. */
export interface Column<Row> {
  /** The column header, and on a phone (stacked rows) each cell's label. */
  header: string
  /** Only screen readers read the header (a column of buttons), and its cells carry no label on a phone. */
  hidden?: boolean
  cell: (row: Row) => ReactNode
  /** Amounts line up on the right. */
  align?: 'end'
  /** Dates and amounts never break inside a cell. */
  nowrap?: boolean
}

const srOnly = 'position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;'

// A table whose look the page around it gives (the tax invoice's sheet): it only aligns and keeps values whole.
const Plain = styled('table')`
  .sr-only { ${srOnly} }
  .end { text-align: right; }
  td.nowrap { white-space: nowrap; }
`

/**
 * A table that becomes stacked, labelled rows on phones (each cell carries its column name in data-label);
 * there a long value (a provider's transaction id) wraps inside the row instead of widening the page.
 */
const Stacked = styled('table')`
  width: 100%; border-collapse: collapse;
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid ${theme.color.border}; vertical-align: middle; }
  th { font-size: 14px; color: ${theme.color.muted}; }
  .sr-only { ${srOnly} }
  @media (min-width: 601px) {
    .end { text-align: right; }
    td.nowrap { white-space: nowrap; }
  }
  @media (max-width: 600px) {
    thead { ${srOnly} }
    tr { display: block; padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
    /* A label and value that do not fit one line (large text) put the value on the next one. */
    td { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 4px 12px; border: 0; padding: 4px 0; text-align: right; overflow-wrap: anywhere; }
    td::before { content: attr(data-label); flex: none; max-width: 100%; font-weight: 600; color: ${theme.color.muted}; text-align: left; }
  }
`

export interface TableProps<Row> {
  /** Names the table for screen readers. */
  caption: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => Key
  /** Rows under the body (totals), in the table's own markup. */
  footer?: ReactNode
  /** 'stacked' (the default) turns rows into labelled cards on a phone; 'plain' leaves the look to the page around it. */
  layout?: 'stacked' | 'plain'
}

function classOf<Row>(column: Column<Row>): string | undefined {
  return [column.align, column.nowrap && 'nowrap'].filter(Boolean).join(' ') || undefined
}

/** A data table from columns described as data: header cells with scope, a caption, and one row per item. */
export function Table<Row>({ caption, columns, rows, rowKey, footer, layout = 'stacked' }: TableProps<Row>) {
  const Frame = layout === 'stacked' ? Stacked : Plain
  return (
    <Frame>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.align}>
              {column.hidden ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} className={classOf(column)} data-label={column.hidden ? undefined : column.header}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </Frame>
  )
}
