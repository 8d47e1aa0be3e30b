import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'
import { BackToSignIn } from '../features/account/password/ForgotPasswordForm.tsx'
import { ResetPasswordForm } from '../features/account/password/ResetPasswordForm.tsx'

// The link mailed to reset a password: /reset_password?token=<43 characters>.
export const Route = createFileRoute('/reset_password')({
  staticData: { title: msg`Choose a new password` },
  validateSearch: validateTokenSearch,
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <AuthCard>
      <ResetPasswordForm token={token} />
      <BackToSignIn />
    </AuthCard>
  )
}
