import type { ReactNode } from 'react'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

const List = styled('dl')`
  /* A label's column is at least as wide as its longest word (Afrikaans "Eenheidnommer"): labels wrap between words only. */
  display: grid; grid-template-columns: minmax(min-content, 40%) minmax(0, 1fr); gap: 8px 12px; margin: 0 0 16px;
  container-type: inline-size;
  @container (max-width: 17em) { dt, dd { grid-column: 1 / -1; } }
  dt { color: ${theme.color.muted}; font-weight: 600; overflow-wrap: normal; word-break: normal; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

/** Label/value rows, each a Detail. */
export const DetailList = ({ children }: { children: ReactNode }) => <List>{children}</List>

/** One row of a DetailList; an empty value shows a dash so every row keeps its label. */
export function Detail({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div style={{ display: 'contents' }}>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  )
}
