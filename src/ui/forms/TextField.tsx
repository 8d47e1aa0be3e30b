import type { InputHTMLAttributes, ReactNode } from 'react'
import { Field } from './Field.tsx'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string
  label: ReactNode
  value: string
  onValue: (value: string) => void
  /** The message to show (already translated); marks the input invalid. */
  error?: string | undefined
  optional?: boolean
}

/** A labelled text input with its error message tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, onValue, error, optional = false, type = 'text', ...rest }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} optional={optional}>
      {(link) => <input {...rest} {...link} id={id} type={type} value={value} onChange={(e) => onValue(e.currentTarget.value)} />}
    </Field>
  )
}
