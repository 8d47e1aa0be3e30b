import { styled } from '../styled.ts'
import { theme } from '../theme.ts'

/** A label above its input and, when invalid, the message below it. */
export const FieldBox = styled('div')`
  display: flex; flex-direction: column; gap: 4px; margin-bottom: 14px;
  label { font-weight: 600; font-size: 15px; color: ${theme.color.text}; }
  .optional { font-weight: 400; color: ${theme.color.muted}; }
  input, textarea, select {
    min-height: ${theme.touch}; width: 100%; padding: 0 12px; box-sizing: border-box;
    border: 1px solid #8a94a8; border-radius: 8px; font: inherit; font-size: 16px;
    background: ${theme.color.surface}; color: ${theme.color.text};
  }
  textarea { padding: 10px 12px; min-height: 140px; resize: vertical; line-height: 1.4; }
  input, textarea, select { scroll-margin-top: 72px; }
  input[aria-invalid='true'], textarea[aria-invalid='true'], select[aria-invalid='true'] { border: 2px solid ${theme.color.error}; }
  .error { margin: 0; color: ${theme.color.error}; font-size: 14px; font-weight: 600; }
`
