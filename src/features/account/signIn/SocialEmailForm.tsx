import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { nameSocialEmail } from '../../../api/socialSignIn.ts'
import { Button } from '../../../ui/Button.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { Notice } from '../../../ui/Notice.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'

/** How long the mailed link works: the pending sign-in's life on the server. */
const LINK_MINUTES = 30

type State = { kind: 'editing'; error?: string } | { kind: 'sending' } | { kind: 'sent'; email: string }

/** /social_email: the address a social sign-in without a verified email proves, by a link mailed to it. */
export function SocialEmailForm({ provider }: { provider: string }) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [state, setState] = useState<State>({ kind: 'editing' })
  const answer = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (state.kind === 'sent') answer.current?.focus()
  }, [state.kind])

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setState({ kind: 'sending' })
    void nameSocialEmail(email.trim()).then((result) => {
      if (result.kind === 'sent') return setState({ kind: 'sent', email: result.email })
      if (result.kind === 'no-answer') return setState({ kind: 'editing', error: t`You are offline. Sending the link needs a connection.` })
      const issue = result.issues[0]?.message ?? result.error
      setState({ kind: 'editing', error: issue ? translateMessage(i18n, issue) : t`Something went wrong. Please try again.` })
    })
  }

  if (state.kind === 'sent') {
    const sentTo = state.email
    const minutes = LINK_MINUTES
    return (
      <div ref={answer} tabIndex={-1}>
        <Notice $tone="success" role="status">
          <Trans>We sent a link to {sentTo}.</Trans>
        </Notice>
        <p>
          <Trans>Open it in this browser to finish signing in. It works once, for {minutes} minutes.</Trans>
        </p>
        <div className="actions">
          <Button type="button" $variant="secondary" onClick={() => setState({ kind: 'editing' })}>
            <Trans>Use another email</Trans>
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t`Your email`}>
      <p>
        <Trans>{provider} did not share a confirmed email with us. Type your email: we will send you a link to confirm it and finish signing in.</Trans>
      </p>
      {state.kind === 'editing' && <FormError message={state.error} />}
      <TextField id="social-email" name="email" type="email" label={<Trans>Email</Trans>} value={email} onValue={setEmail} autoComplete="email" aria-required />
      <Button type="submit" disabled={state.kind === 'sending'} style={{ width: '100%' }}>
        {state.kind === 'sending' ? <Trans>Sending…</Trans> : <Trans>Send me a link</Trans>}
      </Button>
    </form>
  )
}
