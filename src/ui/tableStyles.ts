import { styled } from './styled.ts'
import { theme } from './theme.ts'

/**
 * A table that becomes stacked, labelled rows on phones (each cell carries its column name in data-label);
 * there a long value (a provider's transaction id) wraps inside the row instead of widening the page.
 */
export const StackedTable = styled('table')`
  width: 100%; border-collapse: collapse;
  th, td { text-align: left; padding: 10px 8px; border-bottom: 1px solid ${theme.color.border}; vertical-align: middle; }
  th { font-size: 14px; color: ${theme.color.muted}; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  @media (max-width: 600px) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    tr { display: block; padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
    /* A label and value that do not fit one line (large text) put the value on the next one. */
    td { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 4px 12px; border: 0; padding: 4px 0; text-align: right; overflow-wrap: anywhere; }
    td::before { content: attr(data-label); flex: none; max-width: 100%; font-weight: 600; color: ${theme.color.muted}; text-align: left; }
  }
`
