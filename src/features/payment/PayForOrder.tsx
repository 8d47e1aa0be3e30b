import { FormError } from '../../ui/forms/FormError.tsx'
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatRand } from '../../domain/money.ts'
import { bundleTitle, type OrderBundle } from '../../domain/bundle.ts'
import { statusLook } from '../../domain/order.ts'
import { ORDER_STATUS_PAID, type WalletPaymentData } from '../../domain/payment.ts'
import { reportError } from '../../reportError.ts'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { Card, Muted } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { config } from '../../config.ts'
import { WalletButton } from './googlePay/GooglePayButton.tsx'
import { Methods, Notice, Row, Summary } from './paymentStyles.ts'
import { translateMessage } from '../../lib/validationMessages.ts'
import { providerText } from './providerText.ts'
import { RefundOutcome } from './RefundOutcome.tsx'
import { usePayment } from './usePayment.ts'
import { newId } from '../../lib/ids.ts'
import { OrderPriceChanged } from '../../ui/OrderPriceChanged.tsx'
import { useOrderedPriceChange } from './useOrderedPriceChange.ts'
import { useOrderBundle } from './useOrderBundle.ts'

/** /payment/{id}/: "Paying with:" Google Pay or "Pay with Credit Card", for an unpaid order of the customer's own. */
export function PayForOrder({ customerId, orderId }: { customerId: number; orderId: string }) {
  const { t, i18n } = useLingui()
  const actor = usePayment(customerId, orderId)
  const state = useSelector(actor, (s) => s)
  const { order, failure } = state.context
  // Google's script failing to load (mode 'google', no connection) is not a payment attempt: the card stays usable.
  const [walletScriptFailed, setWalletScriptFailed] = useState(false)
  // An order that buys a bundle leads back to its SIM.
  const bundle = useOrderBundle(customerId, orderId) ?? null
  const priceChange = useOrderedPriceChange(customerId, orderId, order?.total)

  if (state.matches('loadingOrder')) return <Spinner />
  if (state.matches('loadFailed'))
    return (
      <Card>
        <Notice $tone="error" role="alert">
          <Trans>The order could not be loaded. Check your connection and try again.</Trans>
        </Notice>
        <Row>
          <Button type="button" onClick={() => actor.send({ type: 'payment.retry' })}>
            <Trans>Try again</Trans>
          </Button>
          <Back bundle={bundle} />
        </Row>
      </Card>
    )
  if (state.matches('unpayable')) return <Unpayable order={order} bundle={bundle} message={failure ? translateMessage(i18n, failure.message) : null} />
  if (!order) return <Spinner />
  // Google Pay took the money but the order had been paid meanwhile: owed back, said as the card's status page says it.
  if (state.matches({ wallet: 'paidTwice' }) || state.matches({ wallet: 'refundDue' }))
    return (
      <RefundOutcome why={state.matches({ wallet: 'paidTwice' }) ? 'paidTwice' : 'refundDue'} orderId={state.context.resultOrderId ?? order.id} level="h2" />
    )

  const offline = state.matches('offline')
  const creating = state.matches({ card: 'creatingCheckout' }) || state.matches({ card: 'widget' })
  const authorising = state.matches({ wallet: 'authorising' })
  const paying = state.matches({ wallet: 'paying' }) || state.matches({ wallet: 'successful' })
  const busy = offline || creating || authorising || paying

  return (
    <Card aria-label={t`Order to pay`}>
      <Summary>
        <dt>
          <Trans>Order Number</Trans>
        </dt>
        <dd>{order.number}</dd>
        {bundle && (
          <>
            <dt>
              <Trans>Bundle</Trans>
            </dt>
            <dd>{bundleTitle(bundle, i18n.locale)}</dd>
          </>
        )}
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd className="total">{formatRand(order.total, i18n.locale)}</dd>
      </Summary>
      {priceChange && <OrderPriceChanged change={priceChange} />}
      {offline && (
        <Notice role="status">
          <Trans>Payment needs a connection. Your order is kept; you can pay as soon as you are back online.</Trans>
        </Notice>
      )}
      {state.matches('ready') && <FormError message={failure?.message} />}
      {state.matches({ wallet: 'failed' }) && (
        <Notice $tone="error" role="alert">
          <Trans>Payment failed. Please try again.</Trans>{' '}
          {state.context.result ? providerText(i18n, state.context.result.description) : failure ? translateMessage(i18n, failure.message) : ''}
        </Notice>
      )}
      {state.matches({ wallet: 'cancelled' }) && (
        <Notice role="status">
          <Trans>Google Pay was cancelled. Nothing was charged; choose how to pay.</Trans>
        </Notice>
      )}
      {paying && (
        <Notice role="status">
          <Trans>Processing your payment…</Trans>
        </Notice>
      )}
      {walletScriptFailed && (
        <Notice $tone="error" role="alert">
          <Trans>Unable to load script</Trans> — <Trans>Google Pay is not available right now; you can pay by card.</Trans>
        </Notice>
      )}
      <p>
        <Trans>Paying with:</Trans>
      </p>
      <Methods>
        {/* No wallet settings on this deployment: no wallet button, the card still pays. */}
        {config.googlePay && (
          <WalletButton
            settings={config.googlePay}
            amount={order.total}
            disabled={busy}
            onStart={() => actor.send({ type: 'payment.wallet.start' })}
            onAuthorised={(paymentData) =>
              actor.send({ type: 'payment.wallet.authorised', paymentData: paymentData as unknown as WalletPaymentData, key: newId() })
            }
            onCancel={() => actor.send({ type: 'payment.wallet.cancelled' })}
            onError={(error) => {
              reportError(error, 'google pay')
              const message = error instanceof Error ? error.message : String((error as { statusMessage?: string })?.statusMessage ?? error)
              if (message.startsWith('Unable to load script')) setWalletScriptFailed(true)
              else actor.send({ type: 'payment.wallet.failed', message })
            }}
          />
        )}
        <Button type="button" disabled={busy} onClick={() => actor.send({ type: 'payment.card.start' })}>
          {creating ? <Trans>Creating Payment...</Trans> : <Trans>Pay with Credit Card</Trans>}
        </Button>
      </Methods>
      <Back bundle={bundle} />
    </Card>
  )
}

/** Back to the orders, or for a bundle's order to the SIM it tops up. */
function Back({ bundle }: { bundle: OrderBundle | null }) {
  return bundle ? (
    <ButtonLink to="/service/$id" params={{ id: String(bundle.service_id) }} $variant="secondary">
      <Trans>Back</Trans>
    </ButtonLink>
  ) : (
    <ButtonLink to="/orders" $variant="secondary">
      <Trans>Back</Trans>
    </ButtonLink>
  )
}

/** No payment here: a clear reason and a way on, never a broken page. */
function Unpayable({ order, bundle, message }: { order: { id: number; status: string } | null; bundle: OrderBundle | null; message: string | null }) {
  // Queued for delivery, or already active (a SIM switched on, a bundle credited): either way it was paid.
  const paid = !!order && (order.status.toLowerCase() === ORDER_STATUS_PAID.toLowerCase() || statusLook(order.status) === 'approved')
  return (
    <Card>
      <Notice role="status" $tone={paid ? 'info' : 'error'}>
        {order ? (
          paid ? (
            <Trans>This order is already paid.</Trans>
          ) : (
            <Trans>This order can no longer be paid. Its status is {order.status}.</Trans>
          )
        ) : (
          (message ?? <Trans>This order could not be found.</Trans>)
        )}
      </Notice>
      {!order && (
        <Muted>
          <Trans>Only your own orders that wait for payment can be paid here.</Trans>
        </Muted>
      )}
      <Row>
        {order && (
          <ButtonLink to="/orders/$id" params={{ id: String(order.id) }}>
            <Trans>View order</Trans>
          </ButtonLink>
        )}
        <Back bundle={bundle} />
      </Row>
    </Card>
  )
}
