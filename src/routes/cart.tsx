import { useState } from 'react'
import { msg } from '@lingui/core/macro'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { cartAtCatalogue } from '../domain/cartPrices.ts'
import { formatRand } from '../domain/money.ts'
import { CartLineRow } from '../features/cart/CartLineRow.tsx'
import { useCart } from '../features/cart/cart.ts'
import { proceedTarget } from '../features/cart/proceed.ts'
import { useProducts } from '../features/catalogue/useProducts.ts'
import { useAuth } from '../lib/sessionStore.ts'
import { Button, ButtonLink } from '../ui/Button.tsx'
import { Card, Muted, Page } from '../ui/Page.tsx'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

export const Route = createFileRoute('/cart')({ staticData: { title: msg`Cart` }, component: CartPage })

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start;
  @media (min-width: 800px) { grid-template-columns: 1fr 320px; }
  ul { list-style: none; margin: 0; padding: 0; }
  .empty { margin: 0 0 12px; font-weight: 700; font-size: 18px; }
  .summary p { display: flex; justify-content: space-between; margin: 0 0 8px; }
  .summary .total { font-size: 20px; font-weight: 800; }
  .summary button { width: 100%; margin-top: 12px; }
  .more { display: inline-flex; align-items: center; min-height: ${theme.touch}; color: ${theme.color.brand}; font-weight: 600; }
`

function CartPage() {
  // At the catalogue's prices: what the order is placed at, each changed line saying so.
  const { cart, changes } = cartAtCatalogue(useCart(), useProducts())
  const { session } = useAuth()
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const count = cart.order_lines.length
  const total = formatRand(cart.total, i18n.locale)
  const [deciding, setDeciding] = useState(false)

  // The button says it is busy while a tap made during the session's check waits for its answer.
  const proceed = async () => {
    setDeciding(true)
    try {
      await navigate({ to: await proceedTarget(session) })
    } finally {
      setDeciding(false)
    }
  }

  return (
    <Page title={<Trans>Cart</Trans>}>
      <Columns>
        <Card aria-label={t`Cart lines`}>
          {count === 0 ? (
            <>
              <p className="empty">
                <Trans>your cart is empty</Trans>
              </p>
              <ButtonLink to="/">
                <Trans>continue shopping</Trans>
              </ButtonLink>
            </>
          ) : (
            <>
              <ul>
                {cart.order_lines.map((line) => (
                  <CartLineRow key={line.cart_id} line={line} change={changes.get(line.cart_id)} />
                ))}
              </ul>
              <Link className="more" to="/">
                <Trans>add more</Trans>
              </Link>
            </>
          )}
        </Card>
        <Card className="summary" aria-label={t`Summary`}>
          <p>
            <span>
              <Trans>Number of items</Trans>
            </span>
            <span>
              {/* Not <Plural>: Lingui formats its count with Intl.NumberFormat, whose first use in a page is a long task on a
                  phone; English, isiXhosa and Afrikaans all have just "one" (1) and "other". */}
              {count === 1 ? <Trans>1 item</Trans> : <Trans>{count} items</Trans>}
            </span>
          </p>
          <p className="total">
            <span>
              <Trans>Total</Trans>
            </span>
            <span>{total}</span>
          </p>
          <Muted>
            <Trans>per month</Trans>
          </Muted>
          <Button type="button" disabled={count === 0 || deciding} aria-busy={deciding} onClick={() => void proceed()}>
            <Trans>proceed to order</Trans>
          </Button>
        </Card>
      </Columns>
    </Page>
  )
}
