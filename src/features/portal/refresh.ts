import { i18n } from '@lingui/core'
import { ApiError } from '../../api/client.ts'
import { fetchBilling, fetchService, fetchServices } from '../../api/portal.ts'
import { savePortalAnswer } from '../../store/portalCache.ts'
import type { PortalAnswer } from '../../store/rows.ts'
import { toast } from '../../lib/toaster.ts'
import { translateMessage } from '../../lib/validationMessages.ts'

/** What became of a refresh: saved, refused by the server (e.g. 404), or no answer (offline). */
export type RefreshOutcome = 'saved' | 'refused' | 'unreachable'

/** Only a server's own refusal is news to the customer; no connection just means "showing the cache". */
function report(error: unknown): RefreshOutcome {
  const refused = error instanceof ApiError && error.status !== undefined && error.status > 0
  if (refused && navigator.onLine) toast.error(translateMessage(i18n, error.message), 3000)
  return refused ? 'refused' : 'unreachable'
}

/** Fetches one portal answer and caches it; the cache stays as it was when that fails. */
async function refresh(customerId: number, fetchAnswer: () => Promise<{ answer: PortalAnswer; fetchedAt: string }>): Promise<RefreshOutcome> {
  try {
    const { answer, fetchedAt } = await fetchAnswer()
    await savePortalAnswer(customerId, answer, fetchedAt)
    return 'saved'
  } catch (error) {
    return report(error)
  }
}

export const refreshServices = (customerId: number): Promise<RefreshOutcome> =>
  refresh(customerId, async () => {
    const { body, fetchedAt } = await fetchServices(customerId)
    return { answer: { kind: 'services', body }, fetchedAt }
  })

export const refreshService = (customerId: number, serviceId: string): Promise<RefreshOutcome> =>
  refresh(customerId, async () => {
    const { body, fetchedAt } = await fetchService(serviceId)
    return { answer: { kind: 'service', body }, fetchedAt }
  })

export const refreshBilling = (customerId: number): Promise<RefreshOutcome> =>
  refresh(customerId, async () => {
    const { body, fetchedAt } = await fetchBilling(customerId)
    return { answer: { kind: 'billing', body }, fetchedAt }
  })
