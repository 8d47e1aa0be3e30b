import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

/** A modal <dialog>: the browser traps focus in it and closes it on Escape; long content scrolls inside it. */
export const Dialog = styled('dialog')`
  width: min(560px, calc(100vw - 24px)); max-height: calc(100dvh - 24px); box-sizing: border-box; overflow: auto;
  padding: 20px; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; box-shadow: ${theme.shadow};
  color: ${theme.color.text}; background: ${theme.color.surface};
  &::backdrop { background: rgba(20, 33, 61, 0.55); }
  h2 { margin: 0 0 12px; font-size: 20px; }
  p { margin: 0 0 12px; line-height: 1.45; }
  .hint { color: ${theme.color.muted}; font-size: 14px; margin-top: -6px; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; margin-top: 8px; }
  @media (max-width: 420px) { padding: 16px; .actions > button { flex: 1 1 100%; } }
`
