import type { ReactNode, SelectHTMLAttributes } from 'react'
import { Field } from './Field.tsx'

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  id: string
  label: ReactNode
  value: string
  onValue: (value: string) => void
  /** The choices, in order: value and the (already translated) text shown. */
  options: readonly { value: string; label: string }[]
  /** The message to show (already translated); marks the choice invalid. */
  error?: string | undefined
}

/** A labelled choice list, styled like TextField. */
export function SelectField({ id, label, value, onValue, options, error, ...rest }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(link) => (
        <select {...rest} {...link} id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
