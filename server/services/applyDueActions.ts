import { CANCELLED_STATUS } from '../../src/domain/service.ts'
import type { Db } from '../db/types.ts'
import { networkPlanOf, queueNetworkRequest } from '../network/networkRequests.ts'
import { pushPlanChanged } from '../push/simPushes.ts'

/** One action the job applied. */
export interface AppliedAction {
  id: number
  serviceId: number
  kind: 'plan_change' | 'cancellation'
}

interface DueRow {
  id: number
  service_id: number
  kind: 'plan_change' | 'cancellation'
  product_id: number | null
  product: string | null
  due_at: Date | string
}

/**
 * Applies the oldest due action nobody else holds, in one transaction: the claim locks the action and its SIM at once
 * and skips rows another instance (or a customer's change to that SIM) holds, so an action is applied exactly once
 * and no lock is ever waited for in a different order than the routes take them. Of two due together, a package
 * change goes before a cancellation. Undefined when nothing is due and free.
 */
export function applyDueAction(db: Db, now: Date, by: string): Promise<AppliedAction | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx.query<DueRow>(
      `select a.id, a.service_id, a.kind, a.product_id, a.product, a.due_at
       from service_actions a join services s on s.id = a.service_id
       where a.status = 'scheduled' and a.due_at <= $1
       order by a.due_at, a.kind = 'cancellation', a.id
       limit 1
       for update of a, s skip locked`,
      [now],
    )
    if (!due) return undefined
    if (due.kind === 'plan_change') {
      const changed = await tx.query(
        `update services set product_id = $2, product = $3, subscriptions = $4::text::jsonb, last_updated = $5
         where id = $1 and status <> ${CANCELLED_STATUS} returning id`,
        [due.service_id, due.product_id, due.product, JSON.stringify([{ name: due.product }]), now],
      )
      if (changed.length > 0 && due.product_id !== null) {
        await queueNetworkRequest(tx, { serviceId: due.service_id, kind: 'change_plan', body: { plan: await networkPlanOf(tx, due.product_id) } })
        await pushPlanChanged(tx, { serviceId: Number(due.service_id), actionId: Number(due.id), plan: due.product ?? '' })
      }
    } else {
      await tx.query(`update services set status = ${CANCELLED_STATUS}, cancellation_date = $2, last_updated = $3 where id = $1`, [
        due.service_id,
        due.due_at,
        now,
      ])
      await tx.query("update service_actions set status = 'dropped' where service_id = $1 and status = 'scheduled' and id <> $2", [due.service_id, due.id])
      await queueNetworkRequest(tx, { serviceId: due.service_id, kind: 'cancel', body: {} })
    }
    await tx.query("update service_actions set status = 'applied', applied_at = $2, applied_by = $3 where id = $1", [due.id, now, by])
    return { id: due.id, serviceId: due.service_id, kind: due.kind }
  })
}

/** Applies every due action free to take, up to `max` per run; returns those this call applied. */
export async function applyDueActions(db: Db, now: Date, by: string, max = 100): Promise<AppliedAction[]> {
  const applied: AppliedAction[] = []
  while (applied.length < max) {
    const one = await applyDueAction(db, now, by)
    if (!one) break
    applied.push(one)
  }
  return applied
}
