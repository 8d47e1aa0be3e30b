import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCatalogue } from '../features/catalogue/useCatalogue.ts'
import { NothingOnSale } from '../features/catalogue/NothingOnSale.tsx'
import { ProductGrid } from '../features/catalogue/ProductGrid.tsx'
import { useCartService } from '../features/cart/cart.ts'
import { Button, ButtonLink } from '../ui/Button.tsx'
import { Page, Muted } from '../ui/Page.tsx'
import { Spinner } from '../ui/Spinner.tsx'
import { LastUpdated } from '../ui/LastUpdated.tsx'
import { usePwa } from '../pwa/state.ts'

export const Route = createFileRoute('/')({ staticData: { title: msg`Product Packages` }, component: Home })

function Home() {
  const catalogue = useCatalogue()
  const { online } = usePwa()
  const { addToCart } = useCartService()
  return (
    <Page title={<Trans>Product Packages</Trans>}>
      {catalogue.status === 'loading' && <Spinner />}
      {catalogue.status === 'failed' && (
        <div role="alert">
          <Muted>
            <Trans>We could not load the packages. Check your connection and try again.</Trans>
          </Muted>
          <p>
            <Button type="button" onClick={catalogue.retry}>
              <Trans>Try again</Trans>
            </Button>
          </p>
        </div>
      )}
      {catalogue.status === 'ready' && (
        <>
          {(!online || catalogue.refreshFailed) && <LastUpdated at={catalogue.fetchedAt} />}
          {catalogue.products.length === 0 ? (
            <NothingOnSale />
          ) : (
            <>
              <ProductGrid products={catalogue.products} onAdd={addToCart} />
              <ButtonLink to="/cart">
                <Trans>proceed to cart</Trans>
              </ButtonLink>
            </>
          )}
        </>
      )}
    </Page>
  )
}
