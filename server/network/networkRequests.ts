import { randomUUID } from 'node:crypto'
import type { NetworkRequestKind } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'

/**
 * Writes a change for the network into the outbox (network_requests), in the caller's transaction, with the
 * idempotency key it will be sent with however often it is sent; returns that key.
 */
export async function queueNetworkRequest(tx: Queryable, request: { serviceId: number; kind: NetworkRequestKind; body: unknown }): Promise<string> {
  const key = randomUUID()
  await tx.query('insert into network_requests (service_id, kind, idempotency_key, body) values ($1, $2, $3, $4::text::jsonb)', [
    request.serviceId,
    request.kind,
    key,
    JSON.stringify(request.body),
  ])
  return key
}
