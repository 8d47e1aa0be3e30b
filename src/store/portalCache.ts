import type { Service } from '../domain/service.ts'
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

/**
 * Keeps a service as the server answered a change to it (a package scheduled, a cancellation, a rename): its own
 * answer, and its entry in the cached list, so every screen shows it without another fetch.
 */
export async function saveServiceAnswer(customerId: number, service: Service, fetchedAt: string, given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.transaction('rw', store.portalCache, async () => {
    await savePortalAnswer(customerId, { kind: 'service', body: service }, fetchedAt, store)
    const list = await store.portalCache.get(portalKey(customerId, 'services'))
    if (list?.kind !== 'services' || !list.body.some((s) => s.id === service.id)) return
    // The list keeps its own date: the other services in it are as old as they were.
    await store.portalCache.put({ ...list, body: list.body.map((s) => (s.id === service.id ? service : s)) })
  })
}

/** Logout: services and bills cached for the customer leave the device (a shared phone shows no one else's). */
export async function forgetPortalAnswers(given?: StoreDb): Promise<void> {
  const store = given ?? (await openStore()).db
  await store.portalCache.clear()
}
