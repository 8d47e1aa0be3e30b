import { Button } from '../../../ui/Button.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

/** The two cards under the profile (the data download, the account's deletion), side by side on a wide screen. */
export const PrivacyColumns = styled('div')`
  display: grid; gap: 16px; align-items: start; margin-top: 16px;
  @media (min-width: 800px) { grid-template-columns: 1fr 1fr; }
  h2 { margin: 0 0 12px; font-size: 18px; }
  p { margin: 0 0 12px; line-height: 1.45; }
`

/** A line the screen reader announces: what this needs, or what went wrong. */
export const Notice = styled('p')<{ $tone?: 'error' | 'info' }>`
  padding: 10px 12px; border-radius: 8px; font-weight: 600;
  ${(p) =>
    p.$tone === 'error'
      ? `background:#fde8e6;color:${theme.color.error};border:1px solid ${theme.color.error};`
      : `background:#e6eefa;color:${theme.color.brandDark};border:1px solid ${theme.color.brand};`}
`

/** The look of an action that cannot be undone. */
export const DangerButton = styled(Button)`
  background: ${theme.color.error}; border-color: ${theme.color.error}; color: #fff;
`

/** The same, where it only opens the step that asks to confirm. */
export const DangerOutlineButton = styled(Button)`
  background: ${theme.color.surface}; border-color: ${theme.color.error}; color: ${theme.color.error};
`
