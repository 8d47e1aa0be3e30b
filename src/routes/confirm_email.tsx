import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { EmailConfirmation } from '../features/account/EmailConfirmation.tsx'

// The link mailed to a new address: /confirm_email?token=<43 characters>.
const ConfirmSearch = v.object({ token: v.optional(v.string(), '') })

export const Route = createFileRoute('/confirm_email')({
  validateSearch: (search) => {
    const parsed = v.safeParse(ConfirmSearch, search)
    return parsed.success ? parsed.output : { token: '' }
  },
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
