import { useCallback, useEffect, useMemo, useState } from 'react'
import { customerRows } from '../../outbox/table.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { SUPPORT_MESSAGE } from './supportQueue.ts'
import { isOpenItem, toSupportItem } from './supportView.ts'

/**
 * The customer's support messages this page should show, newest first: every one still waiting (also after a
 * reload), and those sent or refused while the page was open. Older answered ones were already announced.
 */
export function useSupportItems(customerId: number) {
  const rows = useLiveRead((store) => customerRows(SUPPORT_MESSAGE, customerId, store), [customerId])
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set())
  const items = useMemo(() => (rows ?? []).map(toSupportItem).reverse(), [rows])

  useEffect(() => {
    const open = items.filter(isOpenItem).map((i) => i.id)
    if (open.some((id) => !shown.has(id))) setShown((s) => new Set([...s, ...open]))
  }, [items, shown])

  /** Shows a message from now on (one just submitted, whatever becomes of it). */
  const track = useCallback((id: string) => setShown((s) => new Set([...s, id])), [])
  const dismiss = useCallback((id: string) => setShown((s) => new Set([...s].filter((x) => x !== id))), [])

  return { items: items.filter((i) => isOpenItem(i) || shown.has(i.id)), track, dismiss }
}
