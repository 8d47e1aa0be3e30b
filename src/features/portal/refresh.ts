import { ApiError } from '../../api/client.ts'
import { fetchBilling, fetchService, fetchServices } from '../../api/portal.ts'
import { savePortalAnswer } from '../../store/portalCache.ts'
import { toast } from '../../ui/toaster.ts'

/** What became of a refresh: saved, refused by the server (e.g. 404), or no answer (offline). */
export type RefreshOutcome = 'saved' | 'refused' | 'unreachable'

/** Only a server's own refusal is news to the customer; no connection just means "showing the cache". */
function report(error: unknown): RefreshOutcome {
  const refused = error instanceof ApiError && error.status !== undefined && error.status > 0
  if (refused && navigator.onLine) toast.error(error.message, 3000)
  return refused ? 'refused' : 'unreachable'
}

/** Refreshes the cached service list; the cache stays as it was when that fails. */
export async function refreshServices(customerId: number): Promise<RefreshOutcome> {
  try {
    const { body, fetchedAt } = await fetchServices(customerId)
    await savePortalAnswer(customerId, { kind: 'services', body }, fetchedAt)
    return 'saved'
  } catch (error) {
    return report(error)
  }
}

/** Refreshes one cached service. */
export async function refreshService(customerId: number, serviceId: string): Promise<RefreshOutcome> {
  try {
    const { body, fetchedAt } = await fetchService(serviceId)
    await savePortalAnswer(customerId, { kind: 'service', body }, fetchedAt)
    return 'saved'
  } catch (error) {
    return report(error)
  }
}

/** Refreshes the cached bill cycles. */
export async function refreshBilling(customerId: number): Promise<RefreshOutcome> {
  try {
    const { body, fetchedAt } = await fetchBilling(customerId)
    await savePortalAnswer(customerId, { kind: 'billing', body }, fetchedAt)
    return 'saved'
  } catch (error) {
    return report(error)
  }
}
