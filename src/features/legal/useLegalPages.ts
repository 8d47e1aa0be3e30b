import { useCallback, useEffect, useState } from 'react'
import { fetchLegalPages } from '../../api/legal.ts'
import type { LegalPages } from '../../domain/legal.ts'
import type { Language } from '../../domain/languageCodes.ts'

export type LegalPagesState = { kind: 'loading' } | { kind: 'shown'; pages: LegalPages } | { kind: 'failed' }

/**
 * A language's legal pages, read from the server, or offline from the copy the service worker kept (it keeps all
 * three languages from the first online visit); read again when the language changes or the customer tries again.
 */
export function useLegalPages(language: Language): { state: LegalPagesState; retry: () => void } {
  const [state, setState] = useState<LegalPagesState>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    setState({ kind: 'loading' })
    fetchLegalPages(language).then(
      (pages) => current && setState({ kind: 'shown', pages }),
      () => current && setState({ kind: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [language, attempt])
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) }
}
