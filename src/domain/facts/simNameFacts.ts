import * as v from 'valibot'
import type { Service } from '../service.ts'
import { SimNameSchema } from '../simName.ts'
import { defineFact, defineFamily, factKey, type FactOf, type FactStamp } from './family.ts'

const facts = {
  /** The customer named a SIM; the fact id is the rename's id and Idempotency-Key (the outbox sends it). */
  'v1.SimRenamed': defineFact('services', v.object({ customerId: v.number(), serviceId: v.number(), name: SimNameSchema })),
  /** The server took the rename; `answeredAt` is when, so a server copy fetched after it shows the server's name. */
  'v1.SimRenameAcknowledged': defineFact(
    'services',
    v.object({ renameId: factKey, customerId: v.number(), serviceId: v.number(), name: v.string(), answeredAt: v.string() }),
  ),
  'v1.SimRenameRejected': defineFact('services', v.object({ renameId: factKey, customerId: v.number(), serviceId: v.number(), reason: v.string() })),
}

export type ServiceFact = FactOf<typeof facts>

/** The latest name the customer gave a SIM on this device, and what the server said of it. */
export interface SimNameChange {
  /** The SimRenamed fact id: the rename's Idempotency-Key. */
  renameId: string
  name: string
  renamedAt: string
  state: 'waiting' | 'sent' | 'rejected'
  /** When the server took it (its clock); null until then. */
  answeredAt: string | null
  reason: string | null
}

/** Keyed `${customerId}:${serviceId}`: a shared phone keeps each customer's SIMs apart. */
export interface SimNames {
  latest: Record<string, SimNameChange>
}

export const noSimNames = (): SimNames => ({ latest: {} })

export const simKey = (customerId: number, serviceId: number): string => `${customerId}:${serviceId}`

/** The change under `key` updated when it is still the latest rename (an answer to an older one changes nothing). */
function answer(state: SimNames, key: string, renameId: string, change: (c: SimNameChange) => SimNameChange): SimNames {
  const latest = state.latest[key]
  return latest?.renameId === renameId ? { latest: { ...state.latest, [key]: change(latest) } } : state
}

/** Pure fold of one service fact into the device's SIM names. */
export function applyServiceFact(state: SimNames, fact: ServiceFact & FactStamp): SimNames {
  switch (fact.type) {
    case 'v1.SimRenamed': {
      const { customerId, serviceId, name } = fact.payload
      const change: SimNameChange = { renameId: fact.id, name, renamedAt: fact.occurredAt, state: 'waiting', answeredAt: null, reason: null }
      return { latest: { ...state.latest, [simKey(customerId, serviceId)]: change } }
    }
    case 'v1.SimRenameAcknowledged': {
      const { renameId, customerId, serviceId, answeredAt } = fact.payload
      return answer(state, simKey(customerId, serviceId), renameId, (c) => ({ ...c, state: 'sent', answeredAt }))
    }
    case 'v1.SimRenameRejected': {
      const { renameId, customerId, serviceId, reason } = fact.payload
      return answer(state, simKey(customerId, serviceId), renameId, (c) => ({ ...c, state: 'rejected', reason }))
    }
  }
}

/** The device forgets a deleted customer's SIM names. */
export const withoutCustomerSimNames = (state: SimNames, customerId: number): SimNames => ({
  latest: Object.fromEntries(Object.entries(state.latest).filter(([key]) => !key.startsWith(`${customerId}:`))),
})

/**
 * The service with the name the customer gave it on this device, when the server's copy (fetched at `fetchedAt`)
 * cannot know it yet: the rename still waits, or the copy is not newer than the server's answer (Date headers count whole seconds).
 */
export function withLocalName(service: Service, change: SimNameChange | undefined, fetchedAt: string): Service {
  if (!change || change.state === 'rejected') return service
  const newer = change.state === 'waiting' || (change.answeredAt !== null && fetchedAt <= change.answeredAt)
  return newer && service.name !== change.name ? { ...service, name: change.name } : service
}

/** Every service of a customer's list with its local name. */
export const withLocalNames = (services: readonly Service[], names: SimNames, customerId: number, fetchedAt: string): Service[] =>
  services.map((s) => withLocalName(s, names.latest[simKey(customerId, s.id)], fetchedAt))

const theirs = { customer: (fact: { payload: { customerId: number } }) => fact.payload.customerId }

export const simNameFamily = defineFamily({
  stream: 'services',
  facts,
  erasure: { 'v1.SimRenamed': theirs, 'v1.SimRenameAcknowledged': theirs, 'v1.SimRenameRejected': theirs },
  projection: {
    name: 'simNames',
    version: 1,
    table: 'simNames',
    since: 7,
    initial: noSimNames,
    streams: ['services'],
    apply: applyServiceFact,
    forget: withoutCustomerSimNames,
  },
})
