import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed to the current address when a change was asked: /email_change/stop?token=<43 characters>.
export const Route = createFileRoute('/email_change/stop')({
  staticData: { title: msg`Stop the email change` },
  validateSearch: validateTokenSearch,
  component: StopEmailChangePage,
})

function StopEmailChangePage() {
  return (
    <EmailLinkPage
      title={<Trans>Stop the email change</Trans>}
      link={{ path: '/v2/email_changes/stop', token: Route.useSearch().token }}
      intro={
        <p>
          <Trans>Someone asked to move your account to another email. Stop it if it was not you: your account keeps this email.</Trans>
        </p>
      }
      confirmLabel={<Trans>Stop this change</Trans>}
      done={(email) => (
        <Trans>The change was stopped: your account keeps {email}. If you did not ask for it, someone knows your password: choose a new one now.</Trans>
      )}
      next={{ to: '/forgot_password', label: <Trans>Choose a new password</Trans> }}
    />
  )
}
