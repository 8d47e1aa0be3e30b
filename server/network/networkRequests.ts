import { randomUUID } from 'node:crypto'
import type { NetworkRequestKind, NetworkWait } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

/**
 * The network outbox's rows (network_requests, migration 023): one per change we ask of the network, written in the
 * transaction that causes it and sent by server/network/networkOutbox.ts with its idempotency key.
 */

export interface NetworkRequest {
  serviceId: number
  kind: NetworkRequestKind
  /** The contract's body of the kind (docs/network.md): activate { iccid, plan, billing, reference, rica }, change_plan { plan }, add_bundle { bundle, reference }, cancel {}, suspend { reason }. */
  body: unknown
}

/** Queues the request in the caller's transaction with a fresh idempotency key, which it returns: the network does it once however often it is sent. */
export async function queueNetworkRequest(tx: Queryable, { serviceId, kind, body }: NetworkRequest): Promise<string> {
  const key = randomUUID()
  await tx.query('insert into network_requests (service_id, kind, idempotency_key, body) values ($1, $2, $3, $4::text::jsonb)', [
    serviceId,
    kind,
    key,
    JSON.stringify(body),
  ])
  return key
}

/** The plan code the network knows a product by: its network_plan, or the product id as text. */
export async function networkPlanOf(q: Queryable, productId: number): Promise<string> {
  const [row] = await q.query<{ plan: string | null }>('select network_plan as plan from products where id = $1', [productId])
  return row?.plan ?? String(productId)
}

interface WaitRow {
  service_id: number
  kind: NetworkRequestKind
  created_at: Date | string
  failed: boolean
}

const waitColumns = 'r.service_id, r.kind, r.created_at, r.failed_at is not null as failed'

const toWait = (row: WaitRow): NetworkWait => ({ kind: row.kind, since: new Date(row.created_at).toISOString(), failed: row.failed })

/** The SIM's requests the network has not applied yet (those it refused, or that ran out of tries, say failed), oldest first. */
export async function waitingRequestsOf(q: Queryable, serviceId: number): Promise<NetworkWait[]> {
  const rows = await q.query<WaitRow>(
    `select ${waitColumns} from network_requests r where r.service_id = $1 and r.applied_at is null order by r.created_at, r.id`,
    [serviceId],
  )
  return rows.map(toWait)
}

/** The same for every SIM of a customer, by service id. */
export async function waitingRequestsOfCustomer(q: Queryable, customerId: number): Promise<Map<number, NetworkWait[]>> {
  const rows = await q.query<WaitRow>(
    `select ${waitColumns} from network_requests r join services s on s.id = r.service_id
     where s.customer_id = $1 and r.applied_at is null order by r.created_at, r.id`,
    [customerId],
  )
  const bySim = new Map<number, NetworkWait[]>()
  for (const row of rows) bySim.set(row.service_id, [...(bySim.get(row.service_id) ?? []), toWait(row)])
  return bySim
}
