import type { ReactNode } from 'react'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'

const List = styled('dl')`
  display: grid; grid-template-columns: minmax(110px, 40%) 1fr; gap: 8px 12px; margin: 0 0 16px;
  dt { color: ${theme.color.muted}; font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`

/** Label/value rows; an empty value shows a dash so every row keeps its label. */
export function DetailList({ rows }: { rows: Array<[label: ReactNode, value: string]> }) {
  return (
    <List>
      {rows.map(([label, value], index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </List>
  )
}
