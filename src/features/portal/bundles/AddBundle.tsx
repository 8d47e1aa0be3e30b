import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatRand } from '../../../domain/money.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { isActiveSim, type Service } from '../../../domain/service.ts'
import { newId } from '../../../lib/ids.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { Button, ButtonLink } from '../../../ui/Button.tsx'
import { Notice } from '../../../ui/Notice.ts'
import { Card, Muted } from '../../../ui/Page.tsx'
import { Spinner } from '../../../ui/Spinner.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { BundleOptions } from './BundleOptions.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { serviceName } from '../services/serviceName.ts'
import { useBundlePurchase } from './useBundlePurchase.ts'

const Sim = styled('p')`
  margin: 0 0 16px; font-weight: 600; overflow-wrap: anywhere;
  span { color: ${theme.color.muted}; font-weight: 400; }
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

  if (service.status !== 0 || !isActiveSim(service))
    return (
      <Card>
        {sim}
        <FormError message={serverMessages.serviceNotActive} />
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
        <BundleOptions bundles={bundles} chosen={chosen} disabled={starting} onChoose={(bundleId) => actor.send({ type: 'bundle.choose', bundleId })} />
        {!online && (
          <Notice role="status">
            <Trans>Buying a bundle needs a connection. Your choice is kept; you can buy it as soon as you are back online.</Trans>
          </Notice>
        )}
        <FormError
          message={failure && (failure.status === undefined ? t`The purchase could not be started. Check your connection and try again.` : failure.message)}
        />
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
