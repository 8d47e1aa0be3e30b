import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed to the account when a provider sign-in joined it: /sign_in_removal?token=<43 characters>.
export const Route = createFileRoute('/sign_in_removal')({
  staticData: { title: msg`Remove a sign-in` },
  validateSearch: validateTokenSearch,
  component: SignInRemovalPage,
})

function SignInRemovalPage() {
  return (
    <EmailLinkPage
      title={<Trans>Remove a sign-in</Trans>}
      link={{ path: '/v2/sign_in_removals', token: Route.useSearch().token }}
      intro={
        <p>
          <Trans>
            A Google, Facebook or Twitter account with your email was linked to your account, as the email we sent says. Remove it if it was not you: it stops
            opening your account and the devices it signed in are signed out.
          </Trans>
        </p>
      }
      confirmLabel={<Trans>Remove this sign-in</Trans>}
      done={(email) => (
        <Trans>That sign-in no longer opens your account ({email}). If you did not link it, someone may know your password too: choose a new one now.</Trans>
      )}
      next={{ to: '/forgot_password', label: <Trans>Choose a new password</Trans> }}
    />
  )
}
