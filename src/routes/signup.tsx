import { msg } from '@lingui/core/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { SignupWizard } from '../features/account/signIn/SignupWizard.tsx'

export const Route = createFileRoute('/signup')({ staticData: { title: msg`Create an Account` }, component: SignupPage })

function SignupPage() {
  return (
    <AuthCard>
      <h1>
        <Trans>Create an Account</Trans>
      </h1>
      <SignupWizard />
      <p className="switch">
        <Link to="/login">
          <Trans>Already have an account? Sign in</Trans>
        </Link>
      </p>
    </AuthCard>
  )
}
