import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'

/** The narrow card that holds the sign-in and sign-up forms, full width on a phone. */
export const AuthCard = styled('section')`
  max-width: 480px; margin: 0 auto; background: ${theme.color.surface}; border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; padding: 20px 16px;
  h1 { margin: 0 0 16px; font-size: 24px; line-height: 1.2; }
  h2 { margin: 0 0 12px; font-size: 18px; }
  form > button[type='submit'], .actions button { min-width: 120px; }
  .actions { display: flex; gap: 12px; justify-content: space-between; margin-top: 8px; }
  .actions > :only-child { margin-left: auto; }
  .switch { margin: 16px 0 0; text-align: center; }
  .switch a { display: inline-flex; align-items: center; min-height: ${theme.touch}; color: ${theme.color.brand}; font-weight: 600; }
`

export const StepNote = styled('p')`
  margin: -8px 0 16px; color: ${theme.color.muted}; font-size: 14px;
`
