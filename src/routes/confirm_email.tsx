import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'
import { EmailConfirmation } from '../features/account/emailLinks/EmailConfirmation.tsx'

// The link mailed to a new address: /confirm_email?token=<43 characters>.
export const Route = createFileRoute('/confirm_email')({
  staticData: { title: msg`Confirm your new email` },
  validateSearch: validateTokenSearch,
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const { token } = Route.useSearch()
  return (
    <AuthCard>
      <h1>
        <Trans>Confirm your new email</Trans>
      </h1>
      <EmailConfirmation token={token} />
    </AuthCard>
  )
}
