import { Trans, useLingui } from '@lingui/react/macro'
import { bundleTitle, type Bundle } from '../../../domain/bundle.ts'
import { formatRand } from '../../../domain/money.ts'
import { formatNumber } from '../../../domain/numbers.ts'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

// One tile per bundle, two columns from tablet width; the whole tile is the radio's label.
const Options = styled('fieldset')`
  border: 0; margin: 0 0 16px; padding: 0; min-width: 0;
  legend { font-weight: 700; font-size: 17px; margin-bottom: 10px; padding: 0; }
  .list { display: grid; gap: 10px; }
  @media (min-width: 600px) { .list { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
  label {
    display: grid; grid-template-columns: auto 1fr auto; gap: 2px 12px; align-items: center; cursor: pointer;
    border: 2px solid ${theme.color.border}; border-radius: 10px; padding: 12px; min-height: ${theme.touch};
  }
  label:has(input:checked) { border-color: ${theme.color.brand}; background: #eef4fc; }
  input { grid-row: span 2; width: 20px; height: 20px; margin: 0; accent-color: ${theme.color.brand}; }
  .name { font-weight: 700; overflow-wrap: anywhere; }
  .price { grid-row: span 2; font-weight: 800; font-size: 18px; }
  .validity { color: ${theme.color.muted}; font-size: 14px; }
`

/** "Choose a bundle": one radio per bundle, with its name, how long it lasts and its price. */
export function BundleOptions(props: { bundles: readonly Bundle[]; chosen: string | null; disabled: boolean; onChoose: (bundleId: string) => void }) {
  const { i18n } = useLingui()
  return (
    <Options disabled={props.disabled}>
      <legend>
        <Trans>Choose a bundle</Trans>
      </legend>
      <div className="list">
        {props.bundles.map((bundle) => (
          <label key={bundle.id}>
            <input type="radio" name="bundle" value={bundle.id} checked={props.chosen === bundle.id} onChange={() => props.onChoose(bundle.id)} />
            <span className="name">{bundleTitle(bundle, i18n.locale)}</span>
            <span className="price">{formatRand(bundle.price, i18n.locale)}</span>
            <span className="validity">
              <Validity days={bundle.validity_days} />
            </span>
          </label>
        ))}
      </div>
    </Options>
  )
}

/** How long a bundle lasts once paid: "Valid for 30 days". */
function Validity(props: { days: number }) {
  const { i18n } = useLingui()
  const days = formatNumber(props.days, i18n.locale)
  return <Trans>Valid for {days} days</Trans>
}
