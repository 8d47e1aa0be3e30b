import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { BackToSignIn } from '../features/account/ForgotPasswordForm.tsx'
import { ResetPasswordForm } from '../features/account/ResetPasswordForm.tsx'

// The emailed link's token; a link without one is refused by the server as not valid, like a cut-short one.
const ResetSearch = v.object({ token: v.optional(v.string(), '') })

export const Route = createFileRoute('/reset_password')({
  validateSearch: (search) => {
    const parsed = v.safeParse(ResetSearch, search)
    return parsed.success ? parsed.output : { token: '' }
  },
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
