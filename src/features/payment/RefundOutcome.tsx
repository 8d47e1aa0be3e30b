import { Trans, useLingui } from '@lingui/react/macro'
import { ButtonLink } from '../../ui/Button.tsx'
import { RefundIcon } from '../../ui/icons.tsx'
import { Card, Heading } from '../../ui/Page.tsx'
import { Result, Row } from './paymentStyles.ts'

/**
 * A payment the provider took but the server saved as owed back, by card (the status page) or Google Pay (the order's
 * payment page): "Payment Will Be Refunded" and why, never a success.
 */
export function RefundOutcome({ why, orderId, level = 'h1' }: { why: 'paidTwice' | 'refundDue'; orderId: number | null; level?: 'h1' | 'h2' }) {
  const { t } = useLingui()
  return (
    <Card aria-label={t`Payment result`}>
      <Result $tone="refund">
        <RefundIcon />
        <Heading as={level}>
          <Trans>Payment Will Be Refunded</Trans>
        </Heading>
        <p>
          {why === 'paidTwice' ? (
            <Trans>This order was already paid, so you paid twice. The extra payment will be refunded to your card.</Trans>
          ) : (
            <Trans>
              This payment was made on a payment page that had been replaced, so it did not pay the order. It will be refunded to your card, and the order is
              still waiting for payment.
            </Trans>
          )}
        </p>
      </Result>
      {orderId !== null && (
        <Row style={{ justifyContent: 'center' }}>
          <ButtonLink to="/orders/$id" params={{ id: String(orderId) }}>
            <Trans>Back to Order Page</Trans>
          </ButtonLink>
        </Row>
      )}
    </Card>
  )
}
