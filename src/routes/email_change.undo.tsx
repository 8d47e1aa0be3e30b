import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCallback } from 'react'
import { followEmailLink } from '../api/accountEdits.ts'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'
import { EmailLinkOutcome } from '../features/account/emailLinks/EmailLinkOutcome.tsx'

// The link mailed to the old address once a change was confirmed: /email_change/undo?token=<43 characters>.
export const Route = createFileRoute('/email_change/undo')({
  staticData: { title: msg`Put your email back` },
  validateSearch: validateTokenSearch,
  component: UndoEmailChangePage,
})

function UndoEmailChangePage() {
  const { token } = Route.useSearch()
  const follow = useCallback(() => followEmailLink('/v2/email_changes/undo', token), [token])
  return (
    <AuthCard>
      <h1>
        <Trans>Put your email back</Trans>
      </h1>
      <EmailLinkOutcome
        follow={follow}
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
    </AuthCard>
  )
}
