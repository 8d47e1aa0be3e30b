import { useLingui } from '@lingui/react/macro'
import { translateMessage } from '../../lib/validationMessages.ts'
import { Notice } from '../Notice.ts'

/** Why the server refused, in the customer's language: announced, and kept on screen until the next try. */
export function FormError({ message }: { message: string | null | undefined }) {
  const { i18n } = useLingui()
  if (!message) return null
  return (
    <Notice $tone="error" role="alert">
      {translateMessage(i18n, message)}
    </Notice>
  )
}
