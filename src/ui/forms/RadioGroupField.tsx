import type { ReactNode } from 'react'
import { styled } from '../styled.ts'
import { theme } from '../theme.ts'

const Group = styled('fieldset')`
  border: 0; margin: 0 0 14px; padding: 0; min-width: 0;
  legend { font-weight: 600; font-size: 15px; color: ${theme.color.text}; margin: 0 0 4px; padding: 0; }
  .choices { display: flex; flex-wrap: wrap; gap: 8px; }
  label {
    display: flex; align-items: center; gap: 10px; min-height: ${theme.touch}; padding: 0 14px; flex: 1 1 10rem;
    border: 1px solid #8a94a8; border-radius: 8px; cursor: pointer; font-size: 16px;
  }
  label:has(input:checked) { border: 2px solid ${theme.color.brand}; background: #f2f6fc; }
  input { width: 20px; height: 20px; margin: 0; flex: none; accent-color: ${theme.color.brand}; }
`

interface Props<V extends string> {
  /** The first choice's id (what a label or the focus names); the others add their value to it. */
  id: string
  name: string
  legend: ReactNode
  value: V
  onValue: (value: V) => void
  /** The choices, in order: value and the (already translated) text shown. */
  options: readonly { value: V; label: ReactNode }[]
}

/**
 * One choice of a few, as native radio buttons in a fieldset: the legend names the group to a screen reader, Tab
 * enters it at the chosen one and the arrow keys move the choice, as the browser does for a radio group.
 */
export function RadioGroupField<V extends string>({ id, name, legend, value, onValue, options }: Props<V>) {
  return (
    <Group>
      <legend>{legend}</legend>
      <div className="choices">
        {options.map((option, i) => (
          <label key={option.value}>
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${option.value}`}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onValue(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </Group>
  )
}
