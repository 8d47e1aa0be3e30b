import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PriceChange } from '../../domain/cartPrices.ts'
import type { OrderLine } from '../../domain/cartState.ts'
import { formatRand } from '../../domain/money.ts'
import { TrashIcon } from '../../ui/icons.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { useCartService } from './cart.ts'

const Row = styled('li')`
  display: grid; grid-template-columns: 64px minmax(0, 1fr) auto; grid-template-areas: 'img name del' 'img input price';
  gap: 4px 12px; align-items: center; padding: 12px 0; border-bottom: 1px solid ${theme.color.border};
  img { grid-area: img; width: 64px; height: 48px; object-fit: cover; border-radius: 8px; background: #e8edf5; }
  .name { grid-area: name; font-weight: 700; margin: 0; }
  input { grid-area: input; min-height: ${theme.touch}; min-width: 0; padding: 0 10px; font: inherit;
    border: 1px solid ${theme.color.border}; border-radius: 8px; color: ${theme.color.text}; }
  .price { grid-area: price; font-weight: 700; text-align: right; }
  button { grid-area: del; justify-self: end; width: ${theme.touch}; height: ${theme.touch}; border: 0; border-radius: 999px;
    background: none; color: ${theme.color.error}; cursor: pointer; display: grid; place-items: center; }
  button:hover { background: #fdecea; }
  .changed { grid-column: 2 / -1; margin: 4px 0 0; padding: 6px 10px; border-left: 4px solid ${theme.color.accent};
    background: #fff8e1; border-radius: 4px; color: ${theme.color.text}; }
`

const RENAME_DEBOUNCE_MS = 400

/**
 * One cart line: image, friendly-name input (saved as you type), R{unit_price}, delete; when the catalogue's price
 * changed since the line was added, the line shows the catalogue's and says what it was.
 */
export function CartLineRow({ line, change }: { line: OrderLine; change?: PriceChange | undefined }) {
  const { t, i18n } = useLingui()
  const { removeLine, renameLine } = useCartService()
  const stored = line.product_configs.configs[0].friendly_name
  const [name, setName] = useState(stored)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const pending = useRef<string | undefined>(undefined)

  // Another tab's rename shows here unless this input has unsaved typing.
  useEffect(() => {
    if (pending.current === undefined) setName(stored)
  }, [stored])

  const flush = () => {
    clearTimeout(timer.current)
    if (pending.current !== undefined && pending.current !== stored) renameLine(line.cart_id, pending.current)
    pending.current = undefined
  }
  // Typing is saved even when the row unmounts, or the page goes away, before the debounce fires.
  const flushRef = useRef(flush)
  flushRef.current = flush
  useEffect(() => {
    const leave = () => flushRef.current()
    addEventListener('pagehide', leave)
    return () => {
      removeEventListener('pagehide', leave)
      leave()
    }
  }, [])

  return (
    <Row>
      <img src={line.image} alt="" width={64} height={48} />
      <p className="name">{line.name}</p>
      <input
        value={name}
        aria-label={t`Friendly name for ${line.name}`}
        placeholder={t`Friendly name`}
        maxLength={60}
        onChange={(e) => {
          const next = e.currentTarget.value
          setName(next)
          pending.current = next
          clearTimeout(timer.current)
          timer.current = setTimeout(flush, RENAME_DEBOUNCE_MS)
        }}
        onBlur={flush}
      />
      <span className="price">{formatRand(line.unit_price, i18n.locale)}</span>
      <button type="button" aria-label={t`Remove ${line.name}`} onClick={() => removeLine(line.cart_id)}>
        <TrashIcon />
      </button>
      {change && <PriceChanged change={change} locale={i18n.locale} />}
    </Row>
  )
}

/** The notice on a line whose price changed since it was added: the old price and the one the order is placed at. */
function PriceChanged({ change, locale }: { change: PriceChange; locale: string }) {
  const was = formatRand(change.was, locale)
  const now = formatRand(change.now, locale)
  return (
    <p className="changed">
      <Trans>
        The price changed from {was} to {now} since you added this.
      </Trans>
    </p>
  )
}
