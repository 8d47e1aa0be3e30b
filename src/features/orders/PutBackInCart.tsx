import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { makeFact } from '../../domain/events.ts'
import type { LocalOrder } from '../../domain/facts/orderFacts.ts'
import { commitAll } from '../../store/commit.ts'
import { Button } from '../../ui/Button.tsx'
import { toast } from '../../lib/toaster.ts'
import { useInlineError } from '../../ui/forms/useInlineError.ts'
import { FormError } from '../../ui/forms/FormError.tsx'
import { newId } from '../../lib/ids.ts'

/** Re-adds a refused order's lines to the cart (once), so the customer can fix and order again. */
export function PutBackInCart({ order }: { order: LocalOrder }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const failure = useInlineError()
  if (order.returnedToCart) return null
  const putBack = async () => {
    failure.clear()
    const occurredAt = new Date().toISOString()
    // Each line comes back as ordered, with the friendly names and comments the customer typed, under a new cart id.
    const lines = order.lines.map(({ product_id, id, name, unit_price, image, product_configs }) =>
      makeFact('v1.CartLineAdded', { line: { cart_id: newId(), product_id, id, name, unit_price, image, product_configs } }, { id: newId(), occurredAt }),
    )
    // The order marked as returned and its lines in the cart land together (the cart actor adopts them), then the toast.
    try {
      await commitAll([makeFact('v1.OrderReturnedToCart', { clientId: order.clientId }, { id: newId(), occurredAt }), ...lines])
    } catch {
      return failure.fail(t`Could not save that change to your cart on this device. Please try again.`)
    }
    toast.success(t`Put back in cart`)
    await navigate({ to: '/cart' })
  }
  return (
    <>
      <FormError message={failure.error} announced />
      <Button type="button" onClick={() => void putBack()}>
        <Trans>Put back in cart</Trans>
      </Button>
    </>
  )
}
