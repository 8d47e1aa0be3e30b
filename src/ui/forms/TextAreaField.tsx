import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { Field } from './Field.tsx'

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  id: string
  label: ReactNode
  value: string
  onValue: (value: string) => void
  /** The message to show (already translated); marks the field invalid. */
  error?: string | undefined
}

/** A labelled multi-line input, tied to its message like TextField (aria-invalid, aria-describedby). */
export function TextAreaField({ id, label, value, onValue, error, ...rest }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(link) => <textarea {...rest} {...link} id={id} value={value} onChange={(e) => onValue(e.currentTarget.value)} />}
    </Field>
  )
}
