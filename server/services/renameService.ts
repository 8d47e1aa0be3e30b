import { CANCELLED_STATUS } from '../../src/domain/service.ts'
import type { Service } from '../../src/domain/service.ts'
import type { Db } from '../db/types.ts'
import { lockOwnedService } from './ownedService.ts'
import type { Refused } from './ownedService.ts'
import { replyFor, serviceColumns } from './serviceReply.ts'
import type { ServiceRow } from './serviceReply.ts'

export interface Rename {
  customerId: number
  serviceId: number
  /** The Idempotency-Key: the rename's id, made on the phone. */
  key: string
  /** requestHash of the body as sent. */
  hash: string
  name: string
  now: Date
}

/**
 * Names the customer's SIM and keeps the old name in its history, once per key: a repeat of the same rename is
 * answered with the SIM as it is now (`replayed`), a key reused for another rename is refused. A cancelled SIM keeps
 * its name.
 */
export function renameService(db: Db, rename: Rename): Promise<{ service: Service; replayed: boolean } | Refused> {
  return db.transaction(async (tx) => {
    const owned = await lockOwnedService(tx, rename.serviceId, rename.customerId)
    if ('refused' in owned) return owned
    const [earlier] = await tx.query<{ service_id: number; request_hash: string }>(
      'select service_id, request_hash from service_renames where customer_id = $1 and key = $2',
      [rename.customerId, rename.key],
    )
    if (earlier) {
      if (earlier.service_id !== rename.serviceId || earlier.request_hash !== rename.hash) return { refused: 'keyReused' }
      return { service: await replyFor(tx, owned), replayed: true }
    }
    if (owned.status === CANCELLED_STATUS) return { refused: 'cancelled' }
    await tx.query(
      `insert into service_renames (customer_id, key, service_id, request_hash, previous_name, name, renamed_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [rename.customerId, rename.key, rename.serviceId, rename.hash, owned.name, rename.name, rename.now],
    )
    const [renamed] = await tx.query<ServiceRow>(`update services set name = $2, last_updated = $3 where id = $1 returning ${serviceColumns}`, [
      rename.serviceId,
      rename.name,
      rename.now,
    ])
    return { service: await replyFor(tx, renamed ?? owned), replayed: false }
  })
}
