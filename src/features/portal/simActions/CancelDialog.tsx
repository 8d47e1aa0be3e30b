import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatDate } from '../../../domain/dates.ts'
import { formatRand } from '../../../domain/money.ts'
import type { CancellationQuote } from '../../../domain/serviceActions.ts'
import { Button } from '../../../ui/Button.tsx'
import { ActionDialog } from './ActionDialog.tsx'
import { changeErrorText } from './changeErrorText.ts'
import { Emphasis, Problem } from './simDialogParts.ts'
import type { ServiceChangeActor } from './useServiceChange.ts'

/** What cancelling does, as the quote says: a monthly SIM ends with its bill cycle, a prepaid one now with its wallet. */
function WhatHappens({ quote }: { quote: CancellationQuote }) {
  const { i18n } = useLingui()
  const date = formatDate(quote.effective_date, i18n.locale, 'long')
  if (!quote.immediate)
    return (
      <>
        <Emphasis>
          <Trans>Your SIM will be cancelled on {date}, at the end of the current bill cycle.</Trans>
        </Emphasis>
        <p>
          <Trans>
            It works as usual until then. The current month is not refunded, and nothing more is charged after it. You can undo the cancellation until {date}.
          </Trans>
        </p>
      </>
    )
  const balance = formatRand(quote.wallet_balance ?? 0, i18n.locale)
  return (
    <>
      <Emphasis>
        <Trans>Your prepaid SIM will be cancelled now and stop working at once.</Trans>
      </Emphasis>
      <p>
        <Trans>Its wallet still holds {balance}. That balance and any bundles left end with the SIM and are not refunded.</Trans>
      </p>
    </>
  )
}

/** Cancel Service: what happens, then the customer's confirmation (or keeping the SIM). */
export function CancelDialog({ actor }: { actor: ServiceChangeActor }) {
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (s) => (s.matches('cancellation') ? (s.value as { cancellation: string }).cancellation : null))
  const quote = useSelector(actor, (s) => s.context.cancellation)
  const error = useSelector(actor, (s) => s.context.error)
  const cancelling = state === 'cancelling'
  const close = () => actor.send({ type: 'service.dialog.close' })
  return (
    <ActionDialog open={state !== null} title={t`Cancel Service`} busy={cancelling} onClose={close}>
      {state === 'loading' && (
        <p role="status">
          <Trans>Finding out what cancelling would do…</Trans>
        </p>
      )}
      {state === 'failed' && error && <Problem role="alert">{changeErrorText(i18n, error)}</Problem>}
      {(state === 'confirming' || cancelling) && quote && <WhatHappens quote={quote} />}
      {(state === 'confirming' || cancelling) && error && <Problem role="alert">{changeErrorText(i18n, error)}</Problem>}
      {state !== 'loading' && (
        <div className="buttons">
          <Button type="button" $variant="secondary" disabled={cancelling} onClick={close}>
            <Trans>Keep my SIM</Trans>
          </Button>
          {state === 'failed' ? (
            <Button type="button" onClick={() => actor.send({ type: 'service.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          ) : (
            <Button type="button" $variant="danger" disabled={cancelling} onClick={() => actor.send({ type: 'service.cancel.confirm' })}>
              {cancelling ? <Trans>Cancelling…</Trans> : quote?.immediate ? <Trans>Cancel now</Trans> : <Trans>Confirm cancellation</Trans>}
            </Button>
          )}
        </div>
      )}
    </ActionDialog>
  )
}
