import { createLink } from '@tanstack/react-router'
import { styled } from './styled.ts'
import { theme } from './theme.ts'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants: Record<Variant, string> = {
  primary: `background:${theme.color.brand};color:#fff;border-color:${theme.color.brand};`,
  secondary: `background:${theme.color.surface};color:${theme.color.brand};border-color:${theme.color.brand};`,
  ghost: `background:transparent;color:${theme.color.text};border-color:transparent;`,
  // What cannot be taken back at once (cancelling a SIM).
  danger: `background:${theme.color.error};color:#fff;border-color:${theme.color.error};`,
}

// Plain CSS text (not a class name) so each styled element interpolates it into its own rule.
const base = (variant: Variant) => `
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: ${theme.touch}; min-width: ${theme.touch}; padding: 0 18px;
  border: 2px solid; border-radius: 999px; font: inherit; font-weight: 600; font-size: 15px;
  text-decoration: none; cursor: pointer; white-space: nowrap; transition: filter .15s;
  ${variants[variant]}
  &:hover { filter: brightness(1.08); }
  &:disabled, &[aria-disabled='true'] { background: #c9d0dc; border-color: #c9d0dc; color: #3b4559; cursor: not-allowed; filter: none; }
`

/** The one button; `variant` picks the look, everything else is a normal <button>. */
export const Button = styled('button')<{ $variant?: Variant }>`
  ${(p) => base(p.$variant ?? 'primary')}
`

const StyledAnchor = styled('a')<{ $variant?: Variant }>`
  ${(p) => base(p.$variant ?? 'primary')}
`

/** A plain link that looks like a button, for a page outside the app (a sign-in the server runs). */
export const ButtonAnchor = StyledAnchor

/** A router link that looks like a button. */
export const ButtonLink = createLink(StyledAnchor)
