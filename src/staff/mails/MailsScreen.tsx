import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { staffApi } from '../api/client.ts'
import { useRefreshQueues } from '../queues.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { useDateTime } from '../ui/format.ts'
import { Button, Notice, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'

/** One mail the outbox gave up on (GET /api/staff/mails/failed): never its text, which may hold a live link. */
export interface FailedMail {
  id: number
  recipient: string
  template: string
  subject: string
  language: string
  attempts: number
  error: string
  createdAt: string
  failedAt: string
}

/** /staff/mails: the mails the outbox gave up on, each sent again on its own. */
export function MailsScreen() {
  const { t } = useLingui()
  const errorText = useErrorText()
  const when = useDateTime()
  const refreshQueues = useRefreshQueues()
  const [mails, setMails] = useState<FailedMail[] | { failed: unknown }>()
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>()
  const [busy, setBusy] = useState<number>()
  const load = useCallback(
    () =>
      staffApi<{ mails: FailedMail[] }>('GET', '/mails/failed').then(
        (answer) => setMails(answer.mails),
        (failed: unknown) => setMails({ failed }),
      ),
    [],
  )
  useEffect(() => {
    void load()
  }, [load])
  const resend = (mail: FailedMail) => {
    setBusy(mail.id)
    setOutcome(undefined)
    staffApi('POST', `/mails/${mail.id}/resend`)
      .then(
        () => setOutcome({ tone: 'success', text: t`The mail to ${mail.recipient} is back in the outbox and goes out within a minute.` }),
        (failed: unknown) => setOutcome({ tone: 'error', text: errorText(failed) }),
      )
      .then(() => Promise.all([load(), refreshQueues()]))
      .finally(() => setBusy(undefined))
  }
  return (
    <>
      <ScreenTitle title={t`Failed mails`}>
        <Trans>Failed mails</Trans>
      </ScreenTitle>
      <p>
        <Trans>
          These mails could not be delivered after every retry. Fix the cause first (a wrong address, the mail server), then send each again. Links in a mail
          may have expired since: a new password-reset link can be sent from the customer's page.
        </Trans>
      </p>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {mails === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : 'failed' in mails ? (
        <Notice tone="error">{errorText(mails.failed)}</Notice>
      ) : mails.length === 0 ? (
        <p role="status">
          <Trans>No failed mails.</Trans>
        </p>
      ) : (
        <TableBox label={t`Failed mails`}>
          <table>
            <caption>
              <Trans>Mails that failed, newest first</Trans>
            </caption>
            <TableHead columns={[t`To`, t`Subject`, t`Error`, t`Failed`, t`Action`]} />
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td>{mail.recipient}</td>
                  <td>
                    {mail.subject} <span lang="en">({mail.template})</span>
                  </td>
                  <td>
                    <Trans>
                      {mail.error} (after {mail.attempts} tries)
                    </Trans>
                  </td>
                  <td>{when(mail.failedAt)}</td>
                  <td>
                    <Button
                      type="button"
                      $variant="secondary"
                      onClick={() => resend(mail)}
                      disabled={busy === mail.id}
                      aria-label={t`Send again to ${mail.recipient}`}
                    >
                      <Trans>Send again</Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </>
  )
}
