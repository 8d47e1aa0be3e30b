import { useEffect, useState } from 'react'
import type { BillCycle } from '../../domain/billing.ts'
import type { Service } from '../../domain/service.ts'
import type { StoreDb } from '../../store/db.ts'
import { simKey, withLocalName, withLocalNames } from '../../domain/facts/simNameFacts.ts'
import { readCachedBilling, readCachedService, readCachedServices, readSimNames, type Cached } from '../../store/portalQueries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { refreshBilling, refreshService, refreshServices, type RefreshOutcome } from './refresh.ts'

/** No copy on the device and none from the server: it refused (e.g. 404) or could not be reached. */
export interface PortalFailure {
  failed: Exclude<RefreshOutcome, 'saved'>
}

/** undefined while loading. */
export type PortalView<T> = Cached<T> | PortalFailure | undefined

/** The device's copy at once (offline too), refreshed from the server in the background. */
function usePortalAnswer<T>(read: (store: StoreDb) => Promise<Cached<T> | null>, refresh: () => Promise<RefreshOutcome>, deps: unknown[]): PortalView<T> {
  const [outcome, setOutcome] = useState<RefreshOutcome | null>(null)
  useEffect(() => {
    let current = true
    setOutcome(null)
    // A saved answer reaches the live read on its own; only a failure ends the wait for it.
    void refresh().then((result) => current && setOutcome(result))
    return () => {
      current = false
    }
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps say when refresh changes (a new closure on every render)
  }, deps)
  const cached = useLiveRead(read, deps)
  if (cached) return cached
  return cached === null && outcome && outcome !== 'saved' ? { failed: outcome } : undefined
}

/** The cached services with the names the customer gave them on this device (a rename waiting to be sent shows at once). */
async function readServices(customerId: number, store: StoreDb): Promise<Cached<Service[]> | null> {
  const [cached, names] = await Promise.all([readCachedServices(customerId, store), readSimNames(store)])
  return cached && { ...cached, value: withLocalNames(cached.value, names, customerId, cached.fetchedAt) }
}

async function readService(customerId: number, serviceId: string, store: StoreDb): Promise<Cached<Service> | null> {
  const [cached, names] = await Promise.all([readCachedService(customerId, serviceId, store), readSimNames(store)])
  return cached && { ...cached, value: withLocalName(cached.value, names.latest[simKey(customerId, cached.value.id)], cached.fetchedAt) }
}

export function useServices(customerId: number): PortalView<Service[]> {
  return usePortalAnswer(
    (store) => readServices(customerId, store),
    () => refreshServices(customerId),
    [customerId],
  )
}

export function useService(customerId: number, serviceId: string): PortalView<Service> {
  return usePortalAnswer(
    (store) => readService(customerId, serviceId, store),
    () => refreshService(customerId, serviceId),
    [customerId, serviceId],
  )
}

export function useBilling(customerId: number): PortalView<BillCycle[]> {
  return usePortalAnswer(
    (store) => readCachedBilling(customerId, store),
    () => refreshBilling(customerId),
    [customerId],
  )
}
