import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { EmailLinkPage } from '../features/account/emailLinks/EmailLinkPage.tsx'
import { useAuth } from '../lib/sessionStore.ts'
import { validateTokenSearch } from '../features/account/emailLinks/tokenSearch.ts'

// The link mailed to the address typed at a social sign-in: /social_confirm?token=<43 characters>.
export const Route = createFileRoute('/social_confirm')({
  staticData: { title: msg`Confirm your email` },
  validateSearch: validateTokenSearch,
  component: SocialConfirmPage,
})

function SocialConfirmPage() {
  const { recheckSession } = useAuth()
  return (
    <EmailLinkPage
      title={<Trans>Confirm your email</Trans>}
      link={{ path: '/v2/social_sign_ins/confirm', token: Route.useSearch().token }}
      // The server signed this browser in: the app learns it before the customer moves on.
      whenDone={recheckSession}
      intro={
        <p>
          <Trans>Confirm that this email is yours to finish signing in.</Trans>
        </p>
      }
      confirmLabel={<Trans>Confirm and sign in</Trans>}
      done={(email) => <Trans>You are signed in with {email}.</Trans>}
      next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
    />
  )
}
