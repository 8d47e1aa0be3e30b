import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { Card } from '../../ui/Page.tsx'

/** The lab's two columns on a wide screen, one on a phone. */
export const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start; margin-top: 16px;
  > * { min-width: 0; display: grid; gap: 16px; }
  @media (min-width: 900px) { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
`

/** A titled lab panel. */
export const Panel = styled(Card)`
  min-width: 0;
  h2 { margin: 0 0 12px; font-size: 20px; }
  h3 { margin: 16px 0 8px; font-size: 16px; }
  p { margin: 0 0 12px; line-height: 1.45; }
`

/** A row of buttons that wraps on a phone. */
export const Buttons = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 12px;
  > button { white-space: normal; text-align: left; }
`

/** Machine-readable text (state names, event types, JSON) in the monospace face. */
export const Code = styled('code')`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; overflow-wrap: anywhere;
`

/** Pretty JSON, scrollable by keyboard (it takes focus) when long. */
export const JsonBlock = styled('pre')`
  margin: 0; padding: 10px 12px; max-height: 360px; overflow: auto; background: ${theme.color.page};
  border: 1px solid ${theme.color.border}; border-radius: 8px; font-size: 13px; line-height: 1.45;
  white-space: pre-wrap; overflow-wrap: anywhere;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
`

/** A notice inside a panel: an earlier step on screen, a replay that differed, a failed write. */
export const Note = styled('p')<{ $tone?: 'info' | 'error' }>`
  padding: 8px 12px; border-radius: 8px; font-size: 14px;
  border-left: 4px solid ${(p) => (p.$tone === 'error' ? theme.color.error : theme.color.info)};
  background: ${theme.color.page};
`
