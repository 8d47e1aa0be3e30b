import { openStore, type StoreDb } from './db.ts'
import type { PortalAnswer } from './rows.ts'

/** The row key of a customer's answer; one service is keyed by its id too. */
export function portalKey(customerId: number, kind: PortalAnswer['kind'], serviceId?: string | number): string {
  return kind === 'service' ? `${customerId}:service:${serviceId}` : `${customerId}:${kind}`
}

/** Keeps the server's latest answer for the customer, replacing the one before it. */
export async function savePortalAnswer(customerId: number, answer: PortalAnswer, fetchedAt: string, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  const key = portalKey(customerId, answer.kind, answer.kind === 'service' ? answer.body.id : undefined)
  await store.portalCache.put({ ...answer, key, customerId, fetchedAt })
}

/** Logout: services and bills cached for the customer leave the device (a shared phone shows no one else's). */
export async function forgetPortalAnswers(given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.portalCache.clear()
}
