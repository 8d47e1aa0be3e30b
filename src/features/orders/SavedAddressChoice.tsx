import { Trans } from '@lingui/react/macro'
import type { SavedAddress } from '../../domain/account.ts'
import { addressLine } from '../../domain/accountView.ts'
import { Badge } from '../../ui/Badge.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'

const Choices = styled('fieldset')`
  border: 0; margin: 0 0 8px; padding: 0; min-width: 0;
  legend { font-weight: 700; font-size: 17px; margin: 0 0 8px; padding: 0; color: ${theme.color.text}; }
  label {
    display: flex; align-items: center; gap: 10px; min-height: ${theme.touch}; padding: 8px 12px; margin-bottom: 8px;
    border: 1px solid ${theme.color.border}; border-radius: 8px; cursor: pointer; overflow-wrap: anywhere;
  }
  label:has(input:checked) { border: 2px solid ${theme.color.brand}; background: #f2f6fc; }
  input { width: 20px; height: 20px; margin: 0; flex: none; accent-color: ${theme.color.brand}; }
  .line { flex: 1; }
  .line + span { flex: none; white-space: nowrap; }
`

interface Props {
  addresses: readonly SavedAddress[]
  choice: string
  onChoose: (choice: string) => void
  /** The value of the last choice, the address typed below. */
  another: string
}

/** "Deliver to": the customer's saved addresses (the default one marked) and another address typed below. */
export function SavedAddressChoice({ addresses, choice, onChoose, another }: Props) {
  return (
    <Choices>
      <legend>
        <Trans>Deliver to</Trans>
      </legend>
      {addresses.map((a) => (
        <label key={a.id}>
          <input type="radio" name="deliver-to" value={a.id} checked={choice === a.id} onChange={() => onChoose(a.id ?? another)} />
          <span className="line">{addressLine(a)}</span>
          {a.is_default && (
            <Badge $look="approved">
              <Trans>Default</Trans>
            </Badge>
          )}
        </label>
      ))}
      <label>
        <input type="radio" name="deliver-to" value={another} checked={choice === another} onChange={() => onChoose(another)} />
        <span>
          <Trans>Another address</Trans>
        </span>
      </label>
    </Choices>
  )
}
