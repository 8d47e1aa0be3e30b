import { useEffect, useRef } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { CARD_BRANDS, type Checkout } from '../../domain/payment.ts'
import { formatRand } from '../../domain/money.ts'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { Card } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { styled } from '../../ui/styled.ts'
import { Notice, Row, Summary } from './paymentStyles.ts'
import { usePaymentWidget } from './usePayment.ts'

const WidgetSlot = styled('div')`
  min-height: 120px; margin: 8px 0 16px;
`

interface WidgetOptions {
  /** The widget's language (COPYandPAY's option); it keeps the one it opened in. */
  locale?: string
  onReady?: () => void
  onError?: (error: unknown) => void
}

/** payment_widget/{checkoutId}: the provider's card form for the checkout, its result going to the status page. */
export function CardWidget({ customerId, checkoutId }: { customerId: number; checkoutId: string }) {
  const { t, i18n } = useLingui()
  const actor = usePaymentWidget(customerId, checkoutId)
  const state = useSelector(actor, (s) => s)
  const { checkout } = state.context

  if (state.matches({ card: 'loadingCheckout' })) return <Spinner />
  if (state.matches({ card: 'unknownCheckout' }) || !checkout)
    return (
      <Card>
        <Notice $tone="error" role="alert">
          <Trans>This card payment was not started on this device, or it has ended. Start again from your order.</Trans>
        </Notice>
        <ButtonLink to="/orders" $variant="secondary">
          <Trans>Back to orders</Trans>
        </ButtonLink>
      </Card>
    )

  const failed = state.matches({ card: { widget: 'scriptFailed' } })
  return (
    <Card aria-label={t`Card payment`}>
      <Summary>
        <dt>
          <Trans>Order Number</Trans>
        </dt>
        <dd>{checkout.order_number}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="total">{formatRand(Number(checkout.amount), i18n.locale)}</dd>
      </Summary>
      {failed ? (
        <>
          <Notice $tone="error" role="alert">
            <Trans>Unable to load script</Trans>
          </Notice>
          <p>
            <Trans>The card form could not be loaded. Check your connection and try again.</Trans>
          </p>
          <Button type="button" onClick={() => actor.send({ type: 'payment.widget.retry' })}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : (
        <ProviderWidget
          checkout={checkout}
          loading={state.matches({ card: { widget: 'loadingScript' } })}
          onReady={() => actor.send({ type: 'payment.widget.loaded' })}
          onFailed={(message) => actor.send({ type: 'payment.widget.failed', message })}
        />
      )}
      <Row>
        <ButtonLink to="/payment/$id" params={{ id: String(checkout.order_id) }} $variant="secondary">
          <Trans>Back</Trans>
        </ButtonLink>
      </Row>
    </Card>
  )
}

/**
 * The provider's COPYandPAY widget: the merchant renders `form.paymentWidgets` (its action is the shopper result
 * URL) and loads the provider's script for the checkout, which fills the form.
 */
function ProviderWidget({
  checkout,
  loading,
  onReady,
  onFailed,
}: {
  checkout: Checkout
  loading: boolean
  onReady: () => void
  onFailed: (message: string) => void
}) {
  const { t, i18n } = useLingui()
  const form = useRef<HTMLFormElement>(null)
  const events = useRef({ onReady, onFailed })
  events.current = { onReady, onFailed }
  const resultUrl = new URL(`/payment_status/${encodeURIComponent(checkout.checkoutId)}`, window.location.origin).href

  // Mounting loads the script; a retry mounts the widget afresh (the failure notice replaced it meanwhile).
  // It opens in the language on screen; a language chosen later does not reload it (that would clear the card typed in).
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.locale is left out on purpose, as said above
  useEffect(() => {
    const w = window as unknown as { wpwlOptions?: WidgetOptions }
    w.wpwlOptions = {
      locale: i18n.locale,
      onReady: () => events.current.onReady(),
      onError: (error) => events.current.onFailed(String((error as { message?: string })?.message ?? 'Unable to load script')),
    }
    const script = document.createElement('script')
    script.src = checkout.scriptUrl
    script.async = true
    script.onload = () => events.current.onReady()
    script.onerror = () => events.current.onFailed('Unable to load script')
    document.body.append(script)
    return () => {
      script.remove()
    }
  }, [checkout.scriptUrl])

  return (
    <WidgetSlot aria-busy={loading}>
      {loading && <p role="status">{t`Loading the secure card form…`}</p>}
      <form ref={form} action={resultUrl} className="paymentWidgets" data-brands={CARD_BRANDS.join(' ')} />
    </WidgetSlot>
  )
}
