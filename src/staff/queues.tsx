import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { staffApi } from './api/client.ts'

/** How many items wait in each queue the member can see (GET /api/staff/queues), by queue name. */
export type QueueCounts = Readonly<Record<string, number>>

const QueuesContext = createContext<QueueCounts | undefined>(undefined)
const RefreshContext = createContext<() => Promise<void>>(async () => undefined)
const REFRESH_MS = 60_000

/**
 * Asks for the counts when the app opens, whenever the window gets the focus back, every minute, and when a screen
 * says it just took an item off a queue (useRefreshQueues).
 */
export function QueueCountsProvider({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<QueueCounts | undefined>()
  const live = useRef(true)
  const load = useCallback(
    () =>
      staffApi<{ queues: QueueCounts }>('GET', '/queues').then(
        (answer) => {
          if (live.current) setCounts(answer.queues)
        },
        // A failed refresh keeps the last counts; the next focus or minute tries again.
        () => undefined,
      ),
    [],
  )
  useEffect(() => {
    live.current = true
    void load()
    const timer = setInterval(load, REFRESH_MS)
    window.addEventListener('focus', load)
    return () => {
      live.current = false
      clearInterval(timer)
      window.removeEventListener('focus', load)
    }
  }, [load])
  return (
    <RefreshContext.Provider value={load}>
      <QueuesContext.Provider value={counts}>{children}</QueuesContext.Provider>
    </RefreshContext.Provider>
  )
}

/** The queue counts, undefined until the first answer. */
export const useQueueCounts = () => useContext(QueuesContext)

/** Asks for the counts again now: after an action that took an item off a queue. */
export const useRefreshQueues = () => useContext(RefreshContext)
