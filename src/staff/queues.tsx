import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { staffApi } from './api/client.ts'

/** How many items wait in each queue the member can see (GET /api/staff/queues), by queue name. */
export type QueueCounts = Readonly<Record<string, number>>

const QueuesContext = createContext<QueueCounts | undefined>(undefined)
const REFRESH_MS = 60_000

/** Asks for the counts when the app opens, whenever the window gets the focus back and every minute. */
export function QueueCountsProvider({ children }: { children: ReactNode }) {
  const [counts, setCounts] = useState<QueueCounts | undefined>()
  useEffect(() => {
    let live = true
    const load = () =>
      staffApi<{ queues: QueueCounts }>('GET', '/queues').then(
        (answer) => live && setCounts(answer.queues),
        // A failed refresh keeps the last counts; the next focus or minute tries again.
        () => undefined,
      )
    void load()
    const timer = setInterval(load, REFRESH_MS)
    window.addEventListener('focus', load)
    return () => {
      live = false
      clearInterval(timer)
      window.removeEventListener('focus', load)
    }
  }, [])
  return <QueuesContext.Provider value={counts}>{children}</QueuesContext.Provider>
}

/** The queue counts, undefined until the first answer. */
export const useQueueCounts = () => useContext(QueuesContext)
