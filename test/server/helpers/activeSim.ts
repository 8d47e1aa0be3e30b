import * as v from 'valibot'
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import type { Db } from '../../../server/db/types.ts'
import { NetworkEventSchema } from '../../../server/network/network.ts'
import { activationOf } from '../../../server/network/networkOutbox.ts'
import { applySimEvent } from '../../../server/network/simEvents.ts'
import type { SandboxEvent } from '../../../server/sandbox/network/events.ts'
import { dispatchSim, ricaChecked } from '../../../server/sandbox/network/fulfilment.ts'
import { takeCall } from '../../../server/sandbox/network/requests.ts'
import type { TestApp } from './accounts.ts'
import { cartLine } from './orders.ts'
import { payByWallet, placeOrder } from './portal.ts'

type Me = { id: number; cookie: string }

/** Applies the network's events to the storefront through the one path the webhook takes. */
export async function applyEvents(db: Db, events: readonly SandboxEvent[]): Promise<void> {
  for (const event of events) {
    const outcome = await applySimEvent(db, v.parse(NetworkEventSchema, event), { source: 'sandbox' })
    if (outcome === 'unknown') throw new Error(`${event.type}: the storefront knows no such SIM`)
  }
}

/**
 * Takes a paid SIM through its life to active as fulfilment and the sandbox network do: dispatched (the sandbox's
 * ICCID), RICA verified at delivery (the storefront queues the activation), the activation taken by the network with
 * the outbox's key (its number, its starting balances or usage); every event applied through applySimEvent. All at
 * `at`, by default the moment it was paid for, so its activation date is its bill cycles' start.
 */
export async function activateSim(db: Db, serviceId: number, at?: Date): Promise<void> {
  const [row] = await db.query<{ service_reference: string; activation_date: Date | string }>(
    'select service_reference, activation_date from services where id = $1',
    [serviceId],
  )
  if (!row) throw new Error(`no service ${serviceId}`)
  const when = at ?? new Date(row.activation_date)
  const reference = row.service_reference
  await applyEvents(db, await db.transaction((tx) => dispatchSim(tx, { reference, courier: 'Test Courier', tracking_reference: `TR${serviceId}` }, when)))
  await applyEvents(db, await ricaChecked(db, reference, 1, 'verified', when))
  const [activation] = await db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
    "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
    [serviceId],
  )
  if (!activation) throw new Error('RICA verified queued no activation')
  const body = await activationOf(db, activation, idNumberKeyOf({}))
  const answered = await db.transaction((tx) => takeCall(tx, { path: '/v1/activations', key: activation.idempotency_key, body }, when))
  if (answered.status !== 202) throw new Error(`the network refused the activation: ${JSON.stringify(answered.answer)}`)
  await applyEvents(db, answered.events)
  // The network took it (as the outbox would have recorded): it is not sent again.
  await db.query('update network_requests set accepted_at = $2, attempts = 1 where idempotency_key = $1', [activation.idempotency_key, when])
}

/** A paid order's SIM of the product (1: 4G Uncapped 10Mbps, monthly; 9: 4G Prepaid 30-Day), active on the network. */
export async function activeSim(app: TestApp, db: Db, me: Me, productId = 1): Promise<number> {
  const order = await placeOrder(app, me, [cartLine(productId)])
  await payByWallet(app, me, order)
  const [service] = await db.query<{ id: number }>('select id from services where order_id = $1 order by order_line', [order.id])
  if (!service) throw new Error('the paid order provisioned no SIM')
  await activateSim(db, service.id)
  return service.id
}
