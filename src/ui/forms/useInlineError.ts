import { useCallback, useState } from 'react'
import { toast } from '../../lib/toaster.ts'

/**
 * An error the customer must act on: toasted (the toaster's alert region announces it) and kept where it happened
 * until `clear` (the next try), so the 3 s toast is not its only trace: show `error` with `<FormError announced />`.
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
