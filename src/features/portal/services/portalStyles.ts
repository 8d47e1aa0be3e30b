import { styled } from '../../../ui/styled.ts'
import { stackWhenNarrow } from '../../../ui/labelValueRows.ts'
import { theme } from '../../../ui/theme.ts'

/** A titled panel of the service page's main column, with sections, figures and value tiles. */
export const Panel = styled('section')`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: 16px; min-width: 0;
  h2 { margin: 0 0 12px; font-size: 22px; }
  h3 { margin: 20px 0 10px; font-size: 17px; }
  section:first-of-type h3 { margin-top: 0; }
`

/** Three equal tiles side by side, even at 360 px. */
export const Tiles = styled('ul')`
  list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px;
  li { border: 1px solid ${theme.color.border}; border-radius: 10px; padding: 10px 6px; text-align: center; min-width: 0; }
  .label { display: block; font-size: 13px; font-weight: 600; color: ${theme.color.muted}; overflow-wrap: anywhere; }
  .value { display: block; font-size: 20px; font-weight: 800; margin-top: 4px; overflow-wrap: anywhere; }
`

/** Label and figure rows (Primary Wallet, usage totals). */
export const Figures = styled('dl')`
  margin: 0; display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 8px 16px; align-items: baseline;
  ${stackWhenNarrow}
  dt { color: ${theme.color.muted}; font-weight: 600; }
  dd { margin: 0; font-size: 20px; font-weight: 800; text-align: right; }
`

/** The space a chart takes while its module loads, so the page does not jump. */
export const ChartSpace = styled('div')<{ $ratio: string; $max: string }>`
  width: 100%; max-width: ${(p) => p.$max}; aspect-ratio: ${(p) => p.$ratio}; margin: 0 auto;
`
