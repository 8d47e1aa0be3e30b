import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
import { showNewEmail } from '../features/account/emailLinks/showNewEmail.ts'
import { useAuth } from '../lib/sessionStore.ts'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed to a new address: /confirm_email?token=<43 characters>.
export const Route = createFileRoute('/confirm_email')({
  staticData: { title: msg`Confirm your new email` },
  validateSearch: validateTokenSearch,
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const auth = useAuth()
  return (
    <EmailLinkPage
      title={<Trans>Confirm your new email</Trans>}
      link={{ path: '/v2/email_confirmations', token: Route.useSearch().token }}
      whenDone={() => showNewEmail(auth)}
      intro={
        <p>
          <Trans>Confirm the change if you asked for it: from then on you sign in with the email this link was sent to.</Trans>
        </p>
      }
      confirmLabel={<Trans>Confirm the new email</Trans>}
      done={(email) => <Trans>Your email is now {email}. Sign in with it from now on.</Trans>}
      next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
    />
  )
}
