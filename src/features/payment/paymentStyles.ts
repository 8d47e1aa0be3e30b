import { styled } from '../../ui/styled.ts'
import { stackWhenNarrow } from '../../ui/labelValueRows.ts'
import { theme } from '../../ui/theme.ts'

export { Notice } from '../../ui/Notice.ts'

/** The order being paid: number and total. */
export const Summary = styled('dl')`
  display: grid; grid-template-columns: fit-content(50%) minmax(0, 1fr); gap: 6px 16px; margin: 0 0 16px;
  ${stackWhenNarrow}
  dt { font-weight: 600; color: ${theme.color.muted}; }
  dd { margin: 0; font-weight: 600; }
  .total { font-size: 20px; font-weight: 800; }
`

/** The ways to pay, stacked on a phone. */
export const Methods = styled('div')`
  display: grid; gap: 12px; max-width: 420px; margin: 8px 0 16px;
  > button { width: 100%; }
`

export const Row = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px;
`

export type ResultTone = 'success' | 'pending' | 'error' | 'refund'
const toneColor: Record<ResultTone, string> = { success: theme.color.success, pending: '#6b4e00', error: theme.color.error, refund: theme.color.info }

/** How a payment ended: an icon in the tone's colour, the heading, the words. */
export const Result = styled('div')<{ $tone: ResultTone }>`
  display: grid; justify-items: center; text-align: center; gap: 8px; padding: 8px 0;
  svg { color: ${(p) => toneColor[p.$tone]}; }
  h1, h2 { margin: 0; }
  p { margin: 0; color: ${theme.color.muted}; overflow-wrap: anywhere; }
`
