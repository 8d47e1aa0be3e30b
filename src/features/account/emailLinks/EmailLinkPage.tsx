import { useRef, useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { followEmailLink, type EmailLinkResult } from '../../../api/accountEdits.ts'
import { ApiError } from '../../../api/client.ts'
import { Button, ButtonLink } from '../../../ui/Button.tsx'
import { Muted } from '../../../ui/Page.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { accountMessage } from '../accountMessages.ts'
import { AuthCard } from '../AuthCard.tsx'

type Step =
  | { kind: 'asking' }
  | { kind: 'following' }
  | { kind: 'done'; email: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'offline' }
  | { kind: 'failed'; error: ApiError }

export interface EmailLinkPageProps {
  title: ReactNode
  /** The server's endpoint for this kind of link, and the link's token. */
  link: { path: Parameters<typeof followEmailLink>[0]; token: string }
  /** What the tap will do, said from what the link is (the page asks the server nothing before the tap). */
  intro: ReactNode
  /** The one button that follows the link. */
  confirmLabel: ReactNode
  /** What the page says once the link worked, with the email the account has. */
  done: (email: string) => ReactNode
  /** Where the customer goes next once it worked. */
  next: { to: '/profile' | '/forgot_password'; label: ReactNode }
  /** Runs once the server accepted the link, before the page says so. */
  whenDone?: () => Promise<unknown>
}

function stepOf(result: EmailLinkResult): Step {
  if (result.kind === 'no-answer') return { kind: 'offline' }
  // The server failed (5xx): not an answer about the link, so the route's error screen shows it with its request id.
  if (result.kind === 'refused' && result.status >= 500)
    return { kind: 'failed', error: new ApiError(result.error || `HTTP ${result.status}`, result.status, result.requestId) }
  if (result.kind === 'refused') return { kind: 'refused', reason: result.error }
  return { kind: 'done', email: result.email }
}

/**
 * The page of every link mailed about the email (sign-up confirmation, confirming, stopping or undoing a change, a
 * social sign-in's address): it says what the link will do and follows it only on the customer's tap, never as it
 * opens, since mail scanners open links and run their scripts. The outcome shows after the tap; without a connection
 * the same link is tried again.
 */
export function EmailLinkPage({ title, link: { path, token }, intro, confirmLabel, done, next, whenDone }: EmailLinkPageProps) {
  const { i18n } = useLingui()
  const [step, setStep] = useState<Step>({ kind: 'asking' })
  const busy = useRef(false)

  const follow = async () => {
    // One call per tap, however quickly the button is tapped again.
    if (busy.current) return
    busy.current = true
    setStep({ kind: 'following' })
    const result = await followEmailLink(path, token)
    if (result.kind === 'done') await whenDone?.()
    busy.current = false
    setStep(stepOf(result))
  }

  if (step.kind === 'failed') throw step.error
  return (
    <AuthCard>
      <h1>{title}</h1>
      <Outcome step={step} confirmLabel={confirmLabel} intro={intro} follow={follow} done={done} next={next} reason={(text) => accountMessage(i18n, text)} />
    </AuthCard>
  )
}

interface OutcomeProps extends Pick<EmailLinkPageProps, 'intro' | 'confirmLabel' | 'done' | 'next'> {
  step: Exclude<Step, { kind: 'failed' }>
  follow: () => void
  reason: (text: string) => string
}

function Outcome({ step, intro, confirmLabel, follow, done, next, reason }: OutcomeProps) {
  switch (step.kind) {
    case 'asking':
      return (
        <>
          {intro}
          <div className="actions">
            <Button type="button" onClick={follow}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )
    case 'following':
      return <Spinner />
    case 'offline':
      return (
        <>
          <Muted role="alert">
            <Trans>You are offline. Following this link needs a connection.</Trans>
          </Muted>
          <div className="actions">
            <Button type="button" onClick={follow}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )
    case 'refused':
      return (
        <>
          <p role="alert">{reason(step.reason)}</p>
          <div className="actions">
            <ButtonLink to="/profile">
              <Trans>Go to your profile</Trans>
            </ButtonLink>
          </div>
        </>
      )
    case 'done':
      return (
        <>
          <p role="status">{done(step.email)}</p>
          <div className="actions">
            <ButtonLink to={next.to}>{next.label}</ButtonLink>
          </div>
        </>
      )
  }
}
