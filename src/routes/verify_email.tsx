import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkOutcome.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed at sign-up: /verify_email?token=<43 characters>.
export const Route = createFileRoute('/verify_email')({
  staticData: { title: msg`Confirm your email` },
  validateSearch: validateTokenSearch,
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  return (
    <EmailLinkPage
      title={<Trans>Confirm your email</Trans>}
      link={{ path: '/v2/email_verifications', token: Route.useSearch().token }}
      done={(email) => <Trans>Thank you: {email} is confirmed as yours.</Trans>}
      next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
    />
  )
}
