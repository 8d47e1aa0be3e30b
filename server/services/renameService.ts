import { CANCELLED_STATUS } from '../../src/domain/service.ts'
import type { Db, Queryable } from '../db/types.ts'
import { answerOnce } from '../http/idempotency.ts'
import type { Outcome, StoredAnswer } from '../http/idempotency.ts'
import { lockOwnedService } from './ownedService.ts'
import type { Refused } from './ownedService.ts'
import { replyFor, serviceColumns } from './serviceReply.ts'
import type { ServiceRow } from './serviceReply.ts'

export interface Rename {
  customerId: number
  serviceId: number
  /** The Idempotency-Key: the rename's id, made on the phone. */
  key: string
  /** requestHash of the SIM's id and the body as sent, so a key reused for another SIM or name is refused. */
  hash: string
  name: string
  now: Date
}

/**
 * Names the customer's SIM and keeps the old name in its history, once per key, as orders are placed: the key, the
 * new name and the answer (the SIM as it stands after it, or the refusal worded by `refusal`) commit together, and
 * every retry gets that answer again; a key reused for another rename is answered 422 with `reused`. A cancelled SIM
 * keeps its name.
 */
export function renameServiceOnce(db: Db, rename: Rename, reused: string, refusal: (refused: Refused) => StoredAnswer): Promise<Outcome> {
  return answerOnce(db, rename, reused, async (tx) => {
    const renamed = await renameService(tx, rename)
    return 'refused' in renamed ? refusal(renamed) : { status: 200, body: { service: await replyFor(tx, renamed) } }
  })
}

async function renameService(tx: Queryable, rename: Rename): Promise<ServiceRow | Refused> {
  const owned = await lockOwnedService(tx, rename.serviceId, rename.customerId)
  if ('refused' in owned) return owned
  // A retry arriving after its key expired finds the rename it made before.
  const [earlier] = await tx.query('select 1 from service_renames where customer_id = $1 and key = $2', [rename.customerId, rename.key])
  if (earlier) return owned
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
  return renamed ?? owned
}
