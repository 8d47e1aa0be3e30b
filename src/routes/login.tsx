import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { LoginForm } from '../features/account/LoginForm.tsx'
import { SocialButtons } from '../features/account/SocialButtons.tsx'
import { useSocialReturn } from '../features/account/useSocialReturn.ts'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

// A social sign-in comes back with ?signed_in=<provider> or ?error=social; ?redirect=<path> is where the customer was
// heading (a path of this site only); anything else is ignored.
const SignedIn = v.picklist(['google', 'facebook', 'twitter'])
const SitePath = v.pipe(v.string(), v.regex(/^\/(?![/\\])/))

type LoginSearch = { signed_in?: v.InferOutput<typeof SignedIn> | undefined; error?: string | undefined; redirect?: string | undefined }

// Each key is named, invalid ones as undefined: the router lays the result over the raw search, which would keep them.
const valid = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | undefined => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? parsed.output : undefined
}

export const Route = createFileRoute('/login')({
  validateSearch: (search): LoginSearch => ({
    signed_in: valid(SignedIn, search.signed_in),
    error: valid(v.string(), search.error),
    redirect: valid(SitePath, search.redirect),
  }),
  component: LoginPage,
})

const Or = styled('p')`
  display: flex; align-items: center; gap: 12px; margin: 16px 0; color: ${theme.color.muted}; font-size: 14px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${theme.color.border}; }
`

function LoginPage() {
  const search = Route.useSearch()
  useSocialReturn(search)
  return (
    <AuthCard>
      <h1>
        <Trans>Sign in to continue</Trans>
      </h1>
      <SocialButtons />
      <Or>
        <Trans>or</Trans>
      </Or>
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
