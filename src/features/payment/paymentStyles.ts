import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'

/** The order being paid: number and total. */
export const Summary = styled('dl')`
  display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0 0 16px;
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; font-weight: 600; }
  .total { font-size: 20px; font-weight: 800; }
`

/** The ways to pay, stacked on a phone. */
export const Methods = styled('div')`
  display: grid; gap: 12px; max-width: 420px; margin: 8px 0 16px;
  > button { width: 100%; }
`

/** A line the screen reader announces: what happens now, or what went wrong. */
export const Notice = styled('p')<{ $tone?: 'error' | 'info' }>`
  margin: 0 0 12px; padding: 10px 12px; border-radius: 8px; font-weight: 600;
  ${(p) =>
    p.$tone === 'error'
      ? `background:#fde8e6;color:${theme.color.error};border:1px solid ${theme.color.error};`
      : `background:#e6eefa;color:${theme.color.brandDark};border:1px solid ${theme.color.brand};`}
`

export const Row = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px;
`
