import { CANCELLED_STATUS } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'
import { serviceRow } from './serviceReply.ts'
import type { ServiceRow } from './serviceReply.ts'

/** Why the server refuses a change to a SIM; the route words each one (server/routes/serviceActions.ts). */
export type RefusalReason =
  | 'missing'
  | 'others'
  | 'cancelled'
  | 'notActive'
  | 'packageScheduled'
  | 'cancellationScheduled'
  | 'notOffered'
  | 'actionMissing'
  | 'applied'

export type Refused = { refused: RefusalReason }

/**
 * The SIM, locked until the transaction ends, when it is the customer's: every change to a SIM (and to its scheduled
 * actions) takes this lock first, so two changes to one SIM run one after the other.
 */
export async function lockOwnedService(tx: Queryable, serviceId: number, customerId: number): Promise<ServiceRow | Refused> {
  const row = await serviceRow(tx, serviceId, { lock: true })
  if (!row) return { refused: 'missing' }
  if (row.customer_id !== customerId) return { refused: 'others' }
  return row
}

/** Why a change the network must make cannot be asked for yet: the SIM is cancelled, or the network has not activated it. */
export function unchangeable(service: ServiceRow): Refused | undefined {
  if (service.status === CANCELLED_STATUS) return { refused: 'cancelled' }
  if (service.life !== 'active') return { refused: 'notActive' }
  return undefined
}

/** The SIM without a lock, for a question that changes nothing (a quote). */
export async function ownedService(db: Queryable, serviceId: number, customerId: number): Promise<ServiceRow | Refused> {
  const row = await serviceRow(db, serviceId)
  if (!row) return { refused: 'missing' }
  if (row.customer_id !== customerId) return { refused: 'others' }
  return row
}
