import { useCallback, useEffect, useState } from 'react'
import { fetchLegalPages } from '../../api/legal.ts'
import type { LegalPages } from '../../domain/legalPages.ts'
import type { Language } from '../../domain/languageCodes.ts'
import { firstPaintLegalPages } from './firstPaintLegal.ts'

export type LegalPagesState = { kind: 'loading' } | { kind: 'shown'; pages: LegalPages } | { kind: 'failed' }

const showing = (state: LegalPagesState, language: Language) => state.kind === 'shown' && state.pages.language === language

/**
 * A language's legal pages: those a server-rendered page came with at once, then read from the server, or offline
 * from the copy the service worker kept (all three languages from the first online visit); read again when the
 * language changes or the customer tries again. Pages shown in the language stay when a read fails.
 */
export function useLegalPages(language: Language): { state: LegalPagesState; retry: () => void } {
  const [state, setState] = useState<LegalPagesState>(() => {
    const given = firstPaintLegalPages()
    return given?.language === language ? { kind: 'shown', pages: given } : { kind: 'loading' }
  })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the customer's "Try again", which reads again.
  useEffect(() => {
    let current = true
    setState((now) => (showing(now, language) ? now : { kind: 'loading' }))
    fetchLegalPages(language).then(
      (pages) => current && setState({ kind: 'shown', pages }),
      () => current && setState((now) => (showing(now, language) ? now : { kind: 'failed' })),
    )
    return () => {
      current = false
    }
  }, [language, attempt])
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) }
}
