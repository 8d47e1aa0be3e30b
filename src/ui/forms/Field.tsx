import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { FieldBox } from './fieldStyles.ts'

/** What a control needs to be tied to its message. */
export interface ErrorLink {
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface FieldProps {
  id: string
  label: ReactNode
  /** The message to show (already translated); marks the control invalid. */
  error?: string | undefined
  optional?: boolean
  /** The control, given the attributes that tie it to the message. */
  children: (link: ErrorLink) => ReactNode
}

/** The frame every form field shares: its label (with "(optional)"), the control, and its message tied to it. */
export function Field({ id, label, error, optional = false, children }: FieldProps) {
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
      {children(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
    </FieldBox>
  )
}
