import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatRand } from '../../domain/money.ts'
import { serverMessages } from '../../domain/serverMessages.ts'
import type { Service } from '../../domain/service.ts'
import { bundleTitle, bundleValidity } from '../../lib/bundleText.ts'
import { newId } from '../../lib/ids.ts'
import { translateMessage } from '../../lib/validationMessages.ts'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { Notice } from '../../ui/Notice.ts'
import { Card, Muted } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { serviceName } from './serviceName.ts'
import { useBundlePurchase } from './useBundlePurchase.ts'

const Sim = styled('p')`
  margin: 0 0 16px; font-weight: 600; overflow-wrap: anywhere;
  span { color: ${theme.color.muted}; font-weight: 400; }
`

// One tile per bundle, two columns from tablet width; the whole tile is the radio's label.
const Options = styled('fieldset')`
  border: 0; margin: 0 0 16px; padding: 0; min-width: 0;
  legend { font-weight: 700; font-size: 17px; margin-bottom: 10px; padding: 0; }
  .list { display: grid; gap: 10px; }
  @media (min-width: 600px) { .list { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
  label {
    display: grid; grid-template-columns: auto 1fr auto; gap: 2px 12px; align-items: center; cursor: pointer;
    border: 2px solid ${theme.color.border}; border-radius: 10px; padding: 12px; min-height: ${theme.touch};
  }
  label:has(input:checked) { border-color: ${theme.color.brand}; background: #eef4fc; }
  label:has(input:focus-visible) { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  input { grid-row: span 2; width: 20px; height: 20px; margin: 0; accent-color: ${theme.color.brand}; }
  .name { font-weight: 700; overflow-wrap: anywhere; }
  .price { grid-row: span 2; font-weight: 800; font-size: 18px; }
  .validity { color: ${theme.color.muted}; font-size: 14px; }
`

const Row = styled('div')`
  display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px;
`

/** /service/{id}/bundles (ADD VAS): the bundles this SIM can buy; buying one opens the payment of its order. */
export function AddBundle({ customerId, service }: { customerId: number; service: Service }) {
  const { t, i18n } = useLingui()
  const actor = useBundlePurchase(customerId, service.id)
  const state = useSelector(actor, (s) => s)
  const { bundles, chosen, failure, online } = state.context
  const back = (
    <ButtonLink to="/service/$id" params={{ id: String(service.id) }} $variant="secondary">
      <Trans>Back to service</Trans>
    </ButtonLink>
  )
  const sim = (
    <Sim>
      {service.name} <span>· {serviceName(service)}</span>
    </Sim>
  )

  if (service.status !== 0)
    return (
      <Card>
        {sim}
        <Notice $tone="error" role="alert">
          {translateMessage(i18n, serverMessages.serviceNotActive)}
        </Notice>
        {back}
      </Card>
    )
  if (state.matches('loading')) return <Spinner />
  if (state.matches('loadFailed') || state.matches('refused'))
    return (
      <Card>
        {sim}
        <Notice $tone="error" role="alert">
          {state.matches('refused') && failure ? (
            translateMessage(i18n, failure.message)
          ) : (
            <Trans>The bundles could not be loaded. Check your connection and try again.</Trans>
          )}
        </Notice>
        <Row>
          {state.matches('loadFailed') && (
            <Button type="button" onClick={() => actor.send({ type: 'bundle.retry' })}>
              <Trans>Try again</Trans>
            </Button>
          )}
          {back}
        </Row>
      </Card>
    )

  const starting = state.matches('buying') || state.matches('paying')
  const choice = bundles.find((b) => b.id === chosen)
  const price = choice ? formatRand(choice.price, i18n.locale) : ''
  return (
    <Card aria-label={t`Bundles`}>
      {sim}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'bundle.buy', key: newId() })
        }}
      >
        <Options disabled={starting}>
          <legend>
            <Trans>Choose a bundle</Trans>
          </legend>
          <div className="list">
            {bundles.map((bundle) => (
              <label key={bundle.id}>
                <input
                  type="radio"
                  name="bundle"
                  value={bundle.id}
                  checked={chosen === bundle.id}
                  onChange={() => actor.send({ type: 'bundle.choose', bundleId: bundle.id })}
                />
                <span className="name">{bundleTitle(i18n, bundle)}</span>
                <span className="price">{formatRand(bundle.price, i18n.locale)}</span>
                <span className="validity">{bundleValidity(i18n, bundle)}</span>
              </label>
            ))}
          </div>
        </Options>
        {!online && (
          <Notice role="status">
            <Trans>Buying a bundle needs a connection. Your choice is kept; you can buy it as soon as you are back online.</Trans>
          </Notice>
        )}
        {failure && (
          <Notice $tone="error" role="alert">
            {failure.status === undefined ? (
              <Trans>The purchase could not be started. Check your connection and try again.</Trans>
            ) : (
              translateMessage(i18n, failure.message)
            )}
          </Notice>
        )}
        <Muted>
          <Trans>You pay on the next page, by card or Google Pay. The bundle is added to this SIM as soon as the payment succeeds.</Trans>
        </Muted>
        <Row>
          <Button type="submit" disabled={!choice || !online || starting}>
            {starting ? <Trans>Starting your purchase…</Trans> : choice ? <Trans>Buy for {price}</Trans> : <Trans>Buy</Trans>}
          </Button>
          {back}
        </Row>
      </form>
    </Card>
  )
}
