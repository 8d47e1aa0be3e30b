import { useLingui } from '@lingui/react/macro'
import { translateMessage } from '../../lib/validationMessages.ts'
import { Notice } from '../Notice.ts'

/**
 * Why the server refused (or the call failed), above the form or button it concerns, in the customer's language, and
 * kept on screen until the next try. Announced as an alert, unless a toast already announced it (`announced`).
 */
export function FormError({ message, announced = false }: { message: string | null | undefined; announced?: boolean }) {
  const { i18n } = useLingui()
  if (!message) return null
  return (
    <Notice $tone="error" role={announced ? undefined : 'alert'}>
      {translateMessage(i18n, message)}
    </Notice>
  )
}
