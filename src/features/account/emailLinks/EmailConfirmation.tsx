import { Trans } from '@lingui/react/macro'
import { fetchSession } from '../../../api/account.ts'
import { followEmailLink } from '../../../api/accountEdits.ts'
import { getSession } from '../../../lib/sessionStore.ts'
import { EmailLinkOutcome } from './EmailLinkOutcome.tsx'
import { adoptCustomer } from '../session/authIntents.ts'

/** Follows the link mailed to a new address: the email changes, and a device signed in as that customer shows it at once. */
export function EmailConfirmation({ token }: { token: string }) {
  const follow = async () => {
    const result = await followEmailLink('/v2/email_confirmations', token)
    if (result.kind === 'done' && getSession().status === 'customer') {
      const user = await fetchSession().catch(() => null)
      if (user) await adoptCustomer(user)
    }
    return result
  }
  return (
    <EmailLinkOutcome
      follow={follow}
      done={(email) => <Trans>Your email is now {email}. Sign in with it from now on.</Trans>}
      next={{ to: '/profile', label: <Trans>Go to your profile</Trans> }}
    />
  )
}
