import * as v from 'valibot'
import { BillCycleSchema, type BillCycle } from '../domain/billing.ts'
import { ServiceSchema, type Service } from '../domain/service.ts'
import { noSimNames, type SimNames } from '../domain/facts/simNameFacts.ts'
import { currentDb, storeForReading, type StoreDb } from './db.ts'
import { portalKey } from './portalCache.ts'

// Named reads of the portal cache, apart from queries.ts so the home page does not load the portal's schemas.

/** A cached server answer and when the server made it. */
export interface Cached<T> {
  value: T
  fetchedAt: string
}

/** A cached portal answer checked again, so a row an older app version saved in another shape reads as none. */
export async function readPortal<S extends v.GenericSchema>(store: StoreDb, key: string, schema: S): Promise<Cached<v.InferOutput<S>> | null> {
  const row = await store.portalCache.get(key)
  const parsed = row && v.safeParse(schema, row.body)
  return row && parsed?.success ? { value: parsed.output, fetchedAt: row.fetchedAt } : null
}

/** The customer's services as last fetched, or null when none were fetched on this device. */
export async function readCachedServices(customerId: number, given?: StoreDb): Promise<Cached<Service[]> | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  return readPortal(store, portalKey(customerId, 'services'), v.array(ServiceSchema))
}

/** One of the customer's services: its own answer, else its entry in the cached list, else null. */
export async function readCachedService(customerId: number, serviceId: string, given?: StoreDb): Promise<Cached<Service> | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const own = await readPortal(store, portalKey(customerId, 'service', serviceId), ServiceSchema)
  if (own) return own
  const list = await readPortal(store, portalKey(customerId, 'services'), v.array(ServiceSchema))
  const listed = list?.value.find((s) => String(s.id) === serviceId)
  return list && listed ? { value: listed, fetchedAt: list.fetchedAt } : null
}

/** The customer's account-level bill cycles as last fetched (oldest first), or null. */
export async function readCachedBilling(customerId: number, given?: StoreDb): Promise<Cached<BillCycle[]> | null> {
  const store = given ?? currentDb() ?? (await storeForReading())
  return readPortal(store, portalKey(customerId, 'billing'), v.array(BillCycleSchema))
}

/** The SIM names given on this device (the projection of the service facts). */
export async function readSimNames(given?: StoreDb): Promise<SimNames> {
  const store = given ?? currentDb() ?? (await storeForReading())
  const row = await store.simNames.get('simNames')
  return (row?.state as SimNames | undefined) ?? noSimNames()
}
