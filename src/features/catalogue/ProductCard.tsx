import { Trans, useLingui } from '@lingui/react/macro'
import { productText, type Product } from '../../domain/product.ts'
import { formatRand } from '../../domain/money.ts'
import { Button } from '../../ui/Button.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { addsProduct } from '../../lib/firstTaps.ts'
import { pictureSrcSet } from '../../domain/pictures.ts'

/** How wide the card shows its picture: 112 px beside the text on a phone, about a grid column's width elsewhere. */
const cardPictureSizes = '(max-width: 519px) 112px, 320px'

const Card = styled('article')`
  display: flex; flex-direction: column; background: ${theme.color.surface};
  border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; box-shadow: ${theme.shadow}; overflow: hidden;
  img { width: 100%; height: auto; aspect-ratio: 4 / 3; object-fit: cover; background: #e8edf5; display: block; }
  .body { padding: 12px 14px 14px; display: flex; flex-direction: column; gap: 4px; flex: 1; }
  h2 { font-size: 17px; margin: 0; line-height: 1.3; }
  .speed { color: ${theme.color.muted}; font-size: 14px; margin: 0; }
  .price { font-size: 22px; font-weight: 800; margin: 4px 0 10px; color: ${theme.color.text}; }
  .price small { font-size: 14px; font-weight: 600; color: ${theme.color.muted}; }
  button { margin-top: auto; width: 100%; }
  @media (max-width: 519px) {
    display: grid; grid-template-columns: 124px 1fr; align-items: start;
    img { width: 112px; height: 84px; margin: 14px 0 0 12px; border-radius: 8px; }
    .price { font-size: 20px; margin: 2px 0 8px; }
  }
`

/** One package on the home page: image, name, R{price} p/m and "add to cart". */
export function ProductCard({ product, onAdd, eager }: { product: Product; onAdd: (p: Product) => void; eager: boolean }) {
  const { t, i18n } = useLingui()
  const price = formatRand(product.unit_price, i18n.locale)
  // The catalogue carries every language's wording, so a language chosen offline shows its own at once.
  const { name, plan, speed } = productText(product, i18n.locale)
  // An uploaded picture comes at 320 and 640 px; the seed's SVGs are sharp at any size.
  const srcSet = pictureSrcSet(product.image)
  return (
    <Card aria-label={name}>
      <img
        src={product.image}
        srcSet={srcSet}
        sizes={srcSet && cardPictureSizes}
        alt=""
        width={320}
        height={240}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
      <div className="body">
        <h2>{name}</h2>
        <p className="speed">
          {plan} · {speed}
        </p>
        <p className="price">
          <Trans>
            {price} <small>p/m</small>
          </Trans>
        </p>
        <Button type="button" onClick={() => onAdd(product)} aria-label={t`add to cart: ${name}`} {...{ [addsProduct]: product.id }}>
          <Trans>add to cart</Trans>
        </Button>
      </div>
    </Card>
  )
}
