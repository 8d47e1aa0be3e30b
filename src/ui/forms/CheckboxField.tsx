import type { ReactNode } from 'react'
import { styled } from '../styled.ts'
import { theme } from '../theme.ts'

const Box = styled('label')`
  display: flex; align-items: center; gap: 10px; min-height: ${theme.touch}; margin-bottom: 14px; font-weight: 600; cursor: pointer;
  input { width: 22px; height: 22px; margin: 0; accent-color: ${theme.color.brand}; }
`

/** A labelled checkbox, the whole row a touch target. */
export function CheckboxField({
  label,
  checked,
  onChecked,
  disabled,
}: {
  label: ReactNode
  checked: boolean
  onChecked: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <Box>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChecked(e.currentTarget.checked)} />
      {label}
    </Box>
  )
}
