import type { ProductBilling } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

export type Ownership = { found: 'own'; billing: ProductBilling } | { found: 'none' } | { found: 'others' }

/** Whether the SIM exists and is this customer's: every bundle route asks before anything else. */
export async function ownService(db: Queryable, serviceId: number, customerId: number): Promise<Ownership> {
  const [row] = await db.query<{ customer_id: number; billing: ProductBilling }>('select customer_id, billing from services where id = $1', [serviceId])
  if (!row) return { found: 'none' }
  if (row.customer_id !== customerId) return { found: 'others' }
  return { found: 'own', billing: row.billing }
}
