import { styled } from './styled.ts'
import { theme } from './theme.ts'

/** A line the screen reader announces: what happens now, or what went wrong. */
export const Notice = styled('p')<{ $tone?: 'error' | 'info' | 'success' }>`
  margin: 0 0 12px; padding: 10px 12px; border-radius: 8px; font-weight: 600;
  ${(p) =>
    p.$tone === 'error'
      ? `background:#fde8e6;color:${theme.color.error};border:1px solid ${theme.color.error};`
      : p.$tone === 'success'
        ? `background:#e7f4ec;color:${theme.color.success};border:1px solid ${theme.color.success};`
        : `background:#e6eefa;color:${theme.color.brandDark};border:1px solid ${theme.color.brand};`}
`
