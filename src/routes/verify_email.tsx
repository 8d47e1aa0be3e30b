import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
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
      intro={
        <p>
          <Trans>Confirm that the email this link was sent to is yours.</Trans>
        </p>
      }
      confirmLabel={<Trans>Confirm my email</Trans>}
      done={(email) => <Trans>Thank you: {email} is confirmed as yours.</Trans>}
      next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
    />
  )
}
