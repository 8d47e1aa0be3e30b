import { useEffect, useState } from 'react'
import { ApiError } from '../../../api/client.ts'
import { fetchLinkedSignIns } from '../../../api/linkedSignIns.ts'
import type { LinkedSignIns } from '../../../domain/linkedSignIns.ts'

export type LinkedSignInsState =
  | { kind: 'loading' }
  /** The list, and when the server made it (older when the service worker answered from its copy offline). */
  | { kind: 'shown'; signIns: LinkedSignIns; fetchedAt: string }
  /** No answer and no copy kept on the device: the list needs a connection. */
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string }

/** The account's linked sign-ins, read again when the device comes back online; `replace` shows the list a removal answered with. */
export function useLinkedSignIns(customerId: number, online: boolean) {
  const [state, setState] = useState<LinkedSignInsState>({ kind: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: online is not read, it says when to read the list again (back online)
  useEffect(() => {
    let current = true
    fetchLinkedSignIns(customerId).then(
      ({ body, fetchedAt }) => current && setState({ kind: 'shown', signIns: body, fetchedAt }),
      (error: unknown) => {
        if (!current) return
        const answered = error instanceof ApiError && error.status !== undefined
        // A list already shown stays when a later read gets no answer.
        setState((was) => (answered ? { kind: 'failed', message: error.message } : was.kind === 'shown' ? was : { kind: 'unavailable' }))
      },
    )
    return () => {
      current = false
    }
  }, [customerId, online])
  const replace = (signIns: LinkedSignIns) => setState({ kind: 'shown', signIns, fetchedAt: new Date().toISOString() })
  return { state, replace }
}
