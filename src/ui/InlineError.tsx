import { useCallback, useState } from 'react'
import { toast } from '../lib/toaster.ts'
import { Notice } from './Notice.ts'

/**
 * An error the customer must act on: toasted (the toaster's alert region announces it) and kept where it happened
 * until `clear` (the next try), so the 3 s toast is not its only trace.
 */
export function useInlineError(): { error: string | null; fail: (text: string) => void; clear: () => void } {
  const [error, setError] = useState<string | null>(null)
  const fail = useCallback((text: string) => {
    setError(text)
    toast.error(text, 3000)
  }, [])
  const clear = useCallback(() => setError(null), [])
  return { error, fail, clear }
}

/** The kept error, next to the form or button that failed; no live role, since the toast already announced it. */
export function InlineError({ error }: { error: string | null }) {
  return error ? <Notice $tone="error">{error}</Notice> : null
}
