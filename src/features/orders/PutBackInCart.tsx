import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { ORDER_STREAM } from '../../domain/events.ts'
import type { LocalOrder } from '../../domain/orderProjection.ts'
import { commit } from '../../store/commit.ts'
import { Button } from '../../ui/Button.tsx'
import { toast } from '../../ui/toaster.ts'
import { addToCart } from '../cart/cart.ts'
import { newId } from '../cart/cartIds.ts'

/** Re-adds a refused order's lines to the cart (once), so the customer can fix and order again. */
export function PutBackInCart({ order }: { order: LocalOrder }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  if (order.returnedToCart) return null
  const putBack = async () => {
    await commit({ type: 'v1.OrderReturnedToCart', payload: { clientId: order.clientId }, id: newId(), stream: ORDER_STREAM, occurredAt: new Date().toISOString(), v: 1 })
    for (const line of order.lines)
      addToCart({ id: line.product_id, name: line.name, unit_price: line.unit_price, image: line.image, plan: '', speed: '' })
    toast.success(t`Put back in cart`)
    await navigate({ to: '/cart' })
  }
  return (
    <Button type="button" onClick={() => void putBack()}>
      <Trans>Put back in cart</Trans>
    </Button>
  )
}
