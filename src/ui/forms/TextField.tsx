import type { InputHTMLAttributes, ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { FieldBox } from './fieldStyles.ts'

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
  const errorId = `${id}-error`
  return (
    <FieldBox>
      <label htmlFor={id}>
        {label}
        {optional && (
          <span className="optional">
            {' '}
            <Trans>(optional)</Trans>
          </span>
        )}
      </label>
      <input
        {...rest}
        id={id}
        type={type}
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
