import type { StatusLook } from '../domain/order.ts'
import { styled } from './styled.ts'
import { theme } from './theme.ts'

/** A status's look: the server's statuses, and an order still waiting for a connection or refused. */
export type BadgeLook = StatusLook | 'waiting' | 'rejected'

// Colours per look (AA contrast on their tints).
const looks: Record<BadgeLook, string> = {
  initial: `background:#fff4d6;color:#6b4e00;border-color:#e0b000;`,
  cancelled: `background:#fde8e6;color:${theme.color.error};border-color:${theme.color.error};`,
  approved: `background:#e3f4e8;color:${theme.color.success};border-color:${theme.color.success};`,
  waiting: `background:#e6eefa;color:${theme.color.brandDark};border-color:${theme.color.brand};`,
  rejected: `background:#fde8e6;color:${theme.color.error};border-color:${theme.color.error};`,
}

/** The pill every status wears (orders, services), coloured by look. */
export const Badge = styled('span')<{ $look: BadgeLook }>`
  display: inline-block; padding: 2px 10px; border: 1px solid; border-radius: 999px; font-size: 14px; font-weight: 600;
  white-space: normal; ${(p) => looks[p.$look]}
`
