import { nextCycleStart } from '../../src/domain/billCycle.ts'
import { CANCELLED_STATUS } from '../../src/domain/service.ts'
import type { Service } from '../../src/domain/service.ts'
import type { CancellationQuote } from '../../src/domain/serviceActions.ts'
import type { Db } from '../db/types.ts'
import { queueNetworkRequest } from '../network/networkRequests.ts'
import { lockOwnedService, ownedService, unchangeable } from './ownedService.ts'
import type { Refused } from './ownedService.ts'
import { replyFor, serviceColumns } from './serviceReply.ts'
import type { ServiceRow } from './serviceReply.ts'

/** A prepaid SIM ends now; a monthly one at the end of the bill cycle already paid for (no refund of it). */
const endOf = (service: ServiceRow, now: Date): Date =>
  service.billing === 'prepaid' ? now : nextCycleStart(new Date(service.activation_date), service.billing, now)

/** What cancelling the SIM would do: when it ends, and the prepaid wallet that ends with it. */
export async function cancellationQuote(db: Db, serviceId: number, customerId: number, now: Date): Promise<CancellationQuote | Refused> {
  const service = await ownedService(db, serviceId, customerId)
  if ('refused' in service) return service
  const refused = unchangeable(service)
  if (refused) return refused
  return {
    billing: service.billing,
    immediate: service.billing === 'prepaid',
    effective_date: endOf(service, now).toISOString(),
    wallet_balance: service.billing === 'prepaid' ? (service.available_balance ?? 0) : null,
  }
}

/**
 * Cancels the SIM: a prepaid one at once (status 900, any waiting change dropped), a monthly one scheduled for the
 * start of its next bill cycle, which the job applies. Asking again while one waits changes nothing.
 */
export function cancelService(db: Db, serviceId: number, customerId: number, now: Date, by: string): Promise<Service | Refused> {
  return db.transaction(async (tx) => {
    const service = await lockOwnedService(tx, serviceId, customerId)
    if ('refused' in service) return service
    const refused = unchangeable(service)
    if (refused) return refused
    const [waiting] = await tx.query("select 1 from service_actions where service_id = $1 and kind = 'cancellation' and status = 'scheduled'", [serviceId])
    if (waiting) return replyFor(tx, service)
    if (service.billing === 'prepaid') {
      await tx.query(
        `insert into service_actions (service_id, kind, due_at, status, created_at, applied_at, applied_by)
         values ($1, 'cancellation', $2, 'applied', $2, $2, $3)`,
        [serviceId, now, by],
      )
      await tx.query("update service_actions set status = 'dropped' where service_id = $1 and status = 'scheduled'", [serviceId])
      const [ended] = await tx.query<ServiceRow>(
        `update services set status = ${CANCELLED_STATUS}, cancellation_date = $2, last_updated = $2 where id = $1 returning ${serviceColumns}`,
        [serviceId, now],
      )
      await queueNetworkRequest(tx, { serviceId, kind: 'cancel', body: {} })
      return replyFor(tx, ended ?? service)
    }
    await tx.query("insert into service_actions (service_id, kind, due_at, created_at) values ($1, 'cancellation', $2, $3)", [
      serviceId,
      endOf(service, now),
      now,
    ])
    return replyFor(tx, service)
  })
}
