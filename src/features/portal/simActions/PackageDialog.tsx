import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatDate } from '../../../domain/dates.ts'
import { formatRand } from '../../../domain/money.ts'
import type { PackagesAnswer } from '../../../domain/serviceActions.ts'
import { productText } from '../../../domain/product.ts'
import { Button } from '../../../ui/Button.tsx'
import { ActionDialog } from './ActionDialog.tsx'
import { changeErrorText } from './changeErrorText.ts'
import { Changes, Choices, Problem } from './simDialogParts.ts'
import { packageChange } from './packageView.ts'
import type { ServiceChangeActor } from './useServiceChange.ts'

/** A price per bill cycle as the customer reads it: R479 p/m, or a prepaid bundle's per 30 days. */
function Price({ amount, prepaid }: { amount: number; prepaid: boolean }) {
  const { i18n } = useLingui()
  const price = formatRand(amount, i18n.locale)
  return prepaid ? <Trans>{price} per 30 days</Trans> : <Trans>{price} p/m</Trans>
}

function Choosing({ actor, answer }: { actor: ServiceChangeActor; answer: PackagesAnswer }) {
  const { t, i18n } = useLingui()
  const chosen = useSelector(actor, (s) => s.context.chosen)
  const scheduling = useSelector(actor, (s) => s.matches({ package: 'scheduling' }))
  const error = useSelector(actor, (s) => s.context.error)
  const prepaid = answer.billing === 'prepaid'
  const change = packageChange(answer, chosen)
  const date = formatDate(answer.effective_date, i18n.locale, 'long')
  const current = productText(answer.current, i18n.locale).name
  const close = () => actor.send({ type: 'service.dialog.close' })
  if (answer.packages.length === 0)
    return (
      <>
        <p>
          <Trans>Your package is {current}. There is no other package of this kind to change to.</Trans>
        </p>
        <div className="buttons">
          <Button type="button" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </>
    )
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: 'service.package.confirm' })
      }}
    >
      <p>
        <Trans>
          Your package is {current} at <Price amount={answer.current_price} prepaid={prepaid} />. A new package starts on {date}, the start of your next bill
          cycle; until then nothing changes.
        </Trans>
      </p>
      <Choices disabled={scheduling}>
        <legend>
          <Trans>Choose a package</Trans>
        </legend>
        {answer.packages.map((p) => (
          <label key={p.product_id}>
            <input
              type="radio"
              name="package"
              value={p.product_id}
              checked={chosen === p.product_id}
              onChange={() => actor.send({ type: 'service.package.choose', productId: p.product_id })}
            />
            <span className="name">{productText(p, i18n.locale).name}</span>
            <span className="price">
              <Price amount={p.unit_price} prepaid={prepaid} />
            </span>
            <span className="speed">{productText(p, i18n.locale).speed}</span>
            <span className="tag">{p.unit_price >= answer.current_price ? t`Upgrade` : t`Downgrade`}</span>
          </label>
        ))}
      </Choices>
      {change && (
        <Changes aria-label={t`What changes on ${date}`}>
          <dt>{prepaid ? <Trans>Price</Trans> : <Trans>Monthly price</Trans>}</dt>
          <dd>
            <Price amount={change.priceBefore} prepaid={prepaid} /> → <Price amount={change.priceAfter} prepaid={prepaid} /> (
            {change.difference >= 0 ? '+' : '−'}
            {formatRand(Math.abs(change.difference), i18n.locale)})
          </dd>
          <dt>
            <Trans>Speed</Trans>
          </dt>
          <dd>
            {productText(answer.current, i18n.locale).speed} → {productText(change.to, i18n.locale).speed}
          </dd>
          <dt>
            <Trans>Takes effect</Trans>
          </dt>
          <dd>{date}</dd>
        </Changes>
      )}
      {error && <Problem role="alert">{changeErrorText(i18n, error)}</Problem>}
      <div className="buttons">
        <Button type="button" $variant="secondary" disabled={scheduling} onClick={close}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={!change || scheduling}>
          {scheduling ? <Trans>Scheduling…</Trans> : <Trans>Schedule change</Trans>}
        </Button>
      </div>
    </form>
  )
}

/** Upgrade/Downgrade: the packages of the SIM's kind, what the chosen one changes and from when; Schedule change. */
export function PackageDialog({ actor }: { actor: ServiceChangeActor }) {
  const { t, i18n } = useLingui()
  const state = useSelector(actor, (s) => (s.matches('package') ? (s.value as { package: string }).package : null))
  const answer = useSelector(actor, (s) => s.context.packages)
  const error = useSelector(actor, (s) => s.context.error)
  const close = () => actor.send({ type: 'service.dialog.close' })
  return (
    <ActionDialog open={state !== null} title={t`Upgrade/Downgrade`} busy={state === 'scheduling'} onClose={close}>
      {state === 'loading' && (
        <p role="status">
          <Trans>Looking up the packages you can choose…</Trans>
        </p>
      )}
      {state === 'failed' && (
        <>
          {error && <Problem role="alert">{changeErrorText(i18n, error)}</Problem>}
          <div className="buttons">
            <Button type="button" $variant="secondary" onClick={close}>
              <Trans>Close</Trans>
            </Button>
            <Button type="button" onClick={() => actor.send({ type: 'service.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        </>
      )}
      {(state === 'choosing' || state === 'scheduling') && answer && <Choosing actor={actor} answer={answer} />}
    </ActionDialog>
  )
}
