import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { FieldBox } from './fieldStyles.ts'

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
  const errorId = `${id}-error`
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...rest}
        id={id}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
    </FieldBox>
  )
}
