import type { Service } from '../../src/domain/service.ts'
import type { Db } from '../db/types.ts'
import { lockOwnedService } from './ownedService.ts'
import type { Refused } from './ownedService.ts'
import { replyFor } from './serviceReply.ts'

/**
 * Takes back a scheduled package change or cancellation while its date has not come. Taking back one already taken
 * back changes nothing; one whose date has come (applied, or about to be by the job) is refused.
 */
export function undoAction(db: Db, serviceId: number, customerId: number, actionId: number, now: Date): Promise<Service | Refused> {
  return db.transaction(async (tx) => {
    const service = await lockOwnedService(tx, serviceId, customerId)
    if ('refused' in service) return service
    const [action] = await tx.query<{ status: string; due_at: Date | string }>('select status, due_at from service_actions where id = $1 and service_id = $2', [
      actionId,
      serviceId,
    ])
    if (!action) return { refused: 'actionMissing' }
    if (action.status === 'undone') return replyFor(tx, service)
    if (action.status !== 'scheduled' || new Date(action.due_at) <= now) return { refused: 'applied' }
    await tx.query("update service_actions set status = 'undone', undone_at = $2 where id = $1", [actionId, now])
    return replyFor(tx, service)
  })
}
