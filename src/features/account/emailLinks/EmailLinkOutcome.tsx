import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { followEmailLink, type EmailLinkResult } from '../../../api/accountEdits.ts'
import { ApiError } from '../../../api/client.ts'
import { Button, ButtonLink } from '../../../ui/Button.tsx'
import { Muted } from '../../../ui/Page.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { accountMessage } from '../accountMessages.ts'
import { AuthCard } from '../AuthCard.tsx'

type Outcome =
  | { kind: 'ready' }
  | { kind: 'following' }
  | { kind: 'done'; email: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'offline' }
  | { kind: 'failed'; error: ApiError }

export interface EmailLinkOutcomeProps {
  /** Follows the link's token on the server. */
  follow: () => Promise<EmailLinkResult>
  /** A button to tap first (a change to the account), or undefined to follow the link as the page opens. */
  confirmLabel?: ReactNode
  /** What the page says before the tap. */
  intro?: ReactNode
  /** What the page says once the link worked, with the email the account has. */
  done: (email: string) => ReactNode
  /** Where the customer goes next once it worked. */
  next: { to: '/profile' | '/forgot_password'; label: ReactNode }
}

/** The page of a link mailed about the email (sign-up confirmation, stop or undo of a change): follows it once and says what happened. */
export function EmailLinkOutcome({ follow, confirmLabel, intro, done, next }: EmailLinkOutcomeProps) {
  const { i18n } = useLingui()
  const [outcome, setOutcome] = useState<Outcome>(confirmLabel ? { kind: 'ready' } : { kind: 'following' })
  const [attempt, setAttempt] = useState(confirmLabel ? -1 : 0)
  const asked = useRef(-1)

  useEffect(() => {
    // Once per attempt, however often React runs the effect; a page with a button waits for the tap.
    if (attempt < 0 || asked.current === attempt) return
    asked.current = attempt
    setOutcome({ kind: 'following' })
    void follow().then((result) => {
      if (result.kind === 'no-answer') return setOutcome({ kind: 'offline' })
      // The server failed (5xx): not an answer about the link, so the route's error screen shows it with its request id.
      if (result.kind === 'refused' && result.status >= 500)
        return setOutcome({ kind: 'failed', error: new ApiError(result.error || `HTTP ${result.status}`, result.status, result.requestId) })
      if (result.kind === 'refused') return setOutcome({ kind: 'refused', reason: result.error })
      setOutcome({ kind: 'done', email: result.email })
    })
  }, [follow, attempt])

  if (outcome.kind === 'failed') throw outcome.error
  if (outcome.kind === 'ready')
    return (
      <>
        {intro}
        <div className="actions">
          <Button type="button" onClick={() => setAttempt(0)}>
            {confirmLabel}
          </Button>
        </div>
      </>
    )
  if (outcome.kind === 'following') return <Spinner />
  if (outcome.kind === 'offline')
    return (
      <>
        <Muted role="alert">
          <Trans>You are offline. Following this link needs a connection.</Trans>
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
  return (
    <>
      <p role="status">{done(outcome.email)}</p>
      <div className="actions">
        <ButtonLink to={next.to}>{next.label}</ButtonLink>
      </div>
    </>
  )
}

export interface EmailLinkPageProps extends Omit<EmailLinkOutcomeProps, 'follow'> {
  title: ReactNode
  /** The server's endpoint for this kind of link, and the link's token. */
  link: { path: Parameters<typeof followEmailLink>[0]; token: string }
  /** Runs once the server accepted the link, before the page says so. */
  whenDone?: () => Promise<unknown>
}

/** A whole page for a link mailed about the email: its title in the narrow card, then what following the link did. */
export function EmailLinkPage({ title, link: { path, token }, whenDone, ...outcome }: EmailLinkPageProps) {
  const follow = useCallback(async () => {
    const result = await followEmailLink(path, token)
    if (result.kind === 'done') await whenDone?.()
    return result
  }, [path, token, whenDone])
  return (
    <AuthCard>
      <h1>{title}</h1>
      <EmailLinkOutcome follow={follow} {...outcome} />
    </AuthCard>
  )
}
