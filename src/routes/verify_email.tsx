import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCallback } from 'react'
import { followEmailLink } from '../api/accountEdits.ts'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'
import { EmailLinkOutcome } from '../features/account/emailLinks/EmailLinkOutcome.tsx'

// The link mailed at sign-up: /verify_email?token=<43 characters>.
export const Route = createFileRoute('/verify_email')({
  staticData: { title: msg`Confirm your email` },
  validateSearch: validateTokenSearch,
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  const follow = useCallback(() => followEmailLink('/v2/email_verifications', token), [token])
  return (
    <AuthCard>
      <h1>
        <Trans>Confirm your email</Trans>
      </h1>
      <EmailLinkOutcome
        follow={follow}
        done={(email) => <Trans>Thank you: {email} is confirmed as yours.</Trans>}
        next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
      />
    </AuthCard>
  )
}
