import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { BackToSignIn, ForgotPasswordForm } from '../features/account/password/ForgotPasswordForm.tsx'

export const Route = createFileRoute('/forgot_password')({ staticData: { title: msg`Forgot your password?` }, component: ForgotPasswordPage })

function ForgotPasswordPage() {
  return (
    <AuthCard>
      <h1>
        <Trans>Forgot your password?</Trans>
      </h1>
      <ForgotPasswordForm />
      <BackToSignIn />
    </AuthCard>
  )
}
