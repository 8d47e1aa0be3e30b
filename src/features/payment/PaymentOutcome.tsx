import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Button, ButtonLink } from '../../ui/Button.tsx'
import { CheckCircleIcon, ClockIcon, CrossCircleIcon } from '../../ui/icons.tsx'
import { Card, Heading } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { Notice, Result, Row } from './paymentStyles.ts'
import type { ResultTone } from './paymentStyles.ts'
import { RefundOutcome } from './RefundOutcome.tsx'
import { translateMessage } from '../../lib/validationMessages.ts'
import { providerText } from './providerText.ts'
import { usePaymentStatus } from './usePayment.ts'
import { useOrderBundle } from './useOrderBundle.ts'

/**
 * /payment_status/{checkoutId}: Loading, then Payment Successful, Pending or Failed with the provider's words; a
 * success the server saved as owed back (paid twice, or on a replaced checkout) says it will be refunded instead.
 */
export function PaymentOutcome({
  customerId,
  checkoutId,
  afterSuccess,
}: {
  customerId: number
  checkoutId: string
  /** What the route shows under a successful payment (the offer of notifications), told whether it bought a bundle. */
  afterSuccess?: (bought: 'payment' | 'bundle') => ReactNode
}) {
  const { t, i18n } = useLingui()
  const actor = usePaymentStatus(customerId, checkoutId)
  const state = useSelector(actor, (s) => s)
  const { result, failure } = state.context
  const order = state.context.resultOrderId
  // A bundle's order leads back to the SIM it tops up, where the new balance shows.
  const bundle = useOrderBundle(customerId, order === null ? null : String(order))

  if (state.matches({ card: 'awaitingResult' }))
    return (
      <>
        <Heading>
          <Trans>Loading</Trans>
        </Heading>
        <Spinner />
      </>
    )
  if (state.matches({ card: 'statusUnavailable' }))
    return (
      <>
        <Heading>
          <Trans>Loading</Trans>
        </Heading>
        <Card>
          <Notice $tone={state.context.online ? 'error' : 'info'} role="alert">
            {state.context.online ? (
              failure && translateMessage(i18n, failure.message)
            ) : (
              <Trans>Payment needs a connection. The result will show when you are back online.</Trans>
            )}
          </Notice>
          <Button type="button" onClick={() => actor.send({ type: 'payment.status.check' })}>
            <Trans>Check again</Trans>
          </Button>
        </Card>
      </>
    )
  if (state.matches('unpayable'))
    return (
      <>
        <Heading>
          <Trans>Payment</Trans>
        </Heading>
        <Card>
          <Notice $tone="error" role="alert">
            {failure && translateMessage(i18n, failure.message)}
          </Notice>
          <ButtonLink to="/orders" $variant="secondary">
            <Trans>Back to orders</Trans>
          </ButtonLink>
        </Card>
      </>
    )

  if (state.matches({ card: 'paidTwice' }) || state.matches({ card: 'refundDue' }))
    return <RefundOutcome why={state.matches({ card: 'paidTwice' }) ? 'paidTwice' : 'refundDue'} orderId={order} />

  const tone: ResultTone = state.matches({ card: 'successful' }) ? 'success' : state.matches({ card: 'pending' }) ? 'pending' : 'error'
  return (
    <>
      <Card aria-label={t`Payment result`}>
        <Result $tone={tone}>
          {tone === 'success' ? <CheckCircleIcon /> : tone === 'pending' ? <ClockIcon /> : <CrossCircleIcon />}
          <Heading>
            {tone === 'success' ? <Trans>Payment Successful</Trans> : tone === 'pending' ? <Trans>Payment Pending</Trans> : <Trans>Payment Failed</Trans>}
          </Heading>
          <p>{result ? providerText(i18n, result.description) : null}</p>
          {tone === 'pending' && (
            <p>
              <Trans>Your bank has not confirmed the payment yet. Check again in a moment.</Trans>
            </p>
          )}
        </Result>
        <Row style={{ justifyContent: 'center' }}>
          {tone === 'pending' && (
            <Button type="button" onClick={() => actor.send({ type: 'payment.status.check' })}>
              <Trans>Check again</Trans>
            </Button>
          )}
          {tone === 'error' && order && (
            <ButtonLink to="/payment/$id" params={{ id: String(order) }} $variant="secondary">
              <Trans>Try again</Trans>
            </ButtonLink>
          )}
          {bundle ? (
            <ButtonLink to="/service/$id" params={{ id: String(bundle.service_id) }}>
              <Trans>Back to Service</Trans>
            </ButtonLink>
          ) : (
            order !== null && (
              <ButtonLink to="/orders/$id" params={{ id: String(order) }}>
                <Trans>Back to Order Page</Trans>
              </ButtonLink>
            )
          )}
        </Row>
      </Card>
      {tone === 'success' && afterSuccess?.(bundle ? 'bundle' : 'payment')}
    </>
  )
}
