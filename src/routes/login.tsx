import { msg } from '@lingui/core/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { validateLoginSearch } from '../features/account/signIn/loginSearch.ts'
import { LoginForm } from '../features/account/signIn/LoginForm.tsx'
import { offeredProviders, SocialButtons } from '../features/account/signIn/SocialButtons.tsx'
import { useSocialReturn } from '../features/account/signIn/useSocialReturn.ts'
import { useInlineError } from '../ui/forms/useInlineError.ts'
import { FormError } from '../ui/forms/FormError.tsx'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

export const Route = createFileRoute('/login')({ staticData: { title: msg`Sign in to continue` }, validateSearch: validateLoginSearch, component: LoginPage })

const Or = styled('p')`
  display: flex; align-items: center; gap: 12px; margin: 16px 0; color: ${theme.color.muted}; font-size: 14px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${theme.color.border}; }
`

function LoginPage() {
  const search = Route.useSearch()
  const social = useInlineError()
  useSocialReturn(search, social.fail)
  return (
    <AuthCard>
      <h1>
        <Trans>Sign in to continue</Trans>
      </h1>
      <SocialButtons />
      <FormError message={social.error} announced />
      {/* Without social sign-in the form stands alone: nothing to choose between. */}
      {offeredProviders().length > 0 && (
        <Or>
          <Trans>or</Trans>
        </Or>
      )}
      <LoginForm redirect={search.redirect} socialReturn={search.signed_in !== undefined} />
      <p className="switch">
        <Link to="/forgot_password">
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
      <p className="switch">
        <Link to="/signup">
          <Trans>Don't have an account? Sign up</Trans>
        </Link>
      </p>
    </AuthCard>
  )
}
