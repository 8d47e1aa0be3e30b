import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed to the old address once a change was confirmed: /email_change/undo?token=<43 characters>.
export const Route = createFileRoute('/email_change/undo')({
  staticData: { title: msg`Put your email back` },
  validateSearch: validateTokenSearch,
  component: UndoEmailChangePage,
})

function UndoEmailChangePage() {
  return (
    <EmailLinkPage
      title={<Trans>Put your email back</Trans>}
      link={{ path: '/v2/email_changes/undo', token: Route.useSearch().token }}
      intro={
        <p>
          <Trans>
            Your account was moved to another email. Put this email back if it was not you: every device is signed out and the password stops working.
          </Trans>
        </p>
      }
      confirmLabel={<Trans>Put my email back</Trans>}
      done={(email) => (
        <Trans>Your account signs in with {email} again. Every device was signed out and the old password no longer works: choose a new one.</Trans>
      )}
      next={{ to: '/forgot_password', label: <Trans>Choose a new password</Trans> }}
    />
  )
}
