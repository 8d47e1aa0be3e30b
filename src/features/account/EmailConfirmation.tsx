import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { fetchSession } from '../../api/account.ts'
import { confirmEmail } from '../../api/accountEdits.ts'
import { ButtonLink, Button } from '../../ui/Button.tsx'
import { Muted } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { getSession } from '../../lib/session.ts'
import { accountMessage } from './accountMessages.ts'
import { adoptCustomer } from './session.ts'

type Outcome = { kind: 'confirming' } | { kind: 'confirmed'; email: string } | { kind: 'refused'; reason: string } | { kind: 'offline' }

/** Follows the link mailed to a new address: the email changes, and a device signed in as that customer shows it at once. */
export function EmailConfirmation({ token }: { token: string }) {
  const { i18n } = useLingui()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' })
  const [attempt, setAttempt] = useState(0)
  const asked = useRef(-1)

  useEffect(() => {
    // Once per attempt, however often React runs the effect.
    if (asked.current === attempt) return
    asked.current = attempt
    void confirmEmail(token).then(async (result) => {
      if (result.kind === 'no-answer') return setOutcome({ kind: 'offline' })
      if (result.kind === 'refused') return setOutcome({ kind: 'refused', reason: result.error })
      setOutcome({ kind: 'confirmed', email: result.email })
      if (getSession().status !== 'customer') return
      const user = await fetchSession().catch(() => null)
      if (user) await adoptCustomer(user)
    })
  }, [token, attempt])

  if (outcome.kind === 'confirming') return <Spinner />
  if (outcome.kind === 'offline')
    return (
      <>
        <Muted role="alert">
          <Trans>You are offline. Confirming your email needs a connection.</Trans>
        </Muted>
        <div className="actions">
          <Button type="button" onClick={() => setAttempt((n) => n + 1)}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </>
    )
  if (outcome.kind === 'refused')
    return (
      <>
        <p role="alert">{accountMessage(i18n, outcome.reason)}</p>
        <div className="actions">
          <ButtonLink to="/profile">
            <Trans>Go to your profile</Trans>
          </ButtonLink>
        </div>
      </>
    )
  const email = outcome.email
  return (
    <>
      <p role="status">
        <Trans>Your email is now {email}. Sign in with it from now on.</Trans>
      </p>
      <div className="actions">
        <ButtonLink to="/profile">
          <Trans>Go to your profile</Trans>
        </ButtonLink>
      </div>
    </>
  )
}
