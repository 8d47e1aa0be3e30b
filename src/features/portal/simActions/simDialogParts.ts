import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

/** The packages to pick from: one radio per package, its name, speed and price on one card each. */
export const Choices = styled('fieldset')`
  border: none; margin: 0 0 12px; padding: 0; display: grid; gap: 8px;
  legend { font-weight: 700; margin-bottom: 8px; padding: 0; }
  label {
    display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: 4px 10px; align-items: center;
    border: 2px solid ${theme.color.border}; border-radius: 10px; padding: 10px 12px; cursor: pointer; min-height: ${theme.touch};
  }
  label:has(input:checked) { border-color: ${theme.color.brand}; background: #eef4fc; }
  input { width: 20px; height: 20px; margin: 0; grid-row: span 2; accent-color: ${theme.color.brand}; }
  .name { font-weight: 700; overflow-wrap: anywhere; }
  .price { font-weight: 800; white-space: nowrap; }
  .speed { grid-column: 2; color: ${theme.color.muted}; font-size: 14px; }
  .tag { grid-column: 3; justify-self: end; font-size: 13px; font-weight: 700; color: ${theme.color.muted}; }
`

/** Before and after, one row per thing that changes. */
export const Changes = styled('dl')`
  margin: 0 0 12px; padding: 12px; border-radius: 10px; background: ${theme.color.page}; display: grid; gap: 6px;
  dt { font-weight: 700; }
  dd { margin: 0 0 4px; overflow-wrap: anywhere; }
`

/** A message the dialog shows about the call it made. */
export const Problem = styled('p')`
  color: ${theme.color.error}; font-weight: 600;
`

/** A line that stands out: the date, what ends with the SIM. */
export const Emphasis = styled('p')`
  font-weight: 700;
`
