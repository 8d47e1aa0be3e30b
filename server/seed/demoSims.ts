import * as v from 'valibot'
import { defined } from '../../src/domain/defined.ts'
import { idNumberKeyOf } from '../accounts/idNumberSeal.ts'
import type { Db } from '../db/types.ts'
import { NetworkEventSchema } from '../network/network.ts'
import { activationOf } from '../network/networkOutbox.ts'
import { applySimEvent } from '../network/simEvents.ts'
import type { SandboxEvent } from '../sandbox/network/events.ts'
import { dispatchSim, ricaChecked } from '../sandbox/network/fulfilment.ts'
import { takeCall } from '../sandbox/network/requests.ts'
import { setReading } from '../sandbox/network/store.ts'
import { writeDemoHistory } from './demoHistory.ts'
import type { DemoHistory, DemoSim } from './demoHistory.ts'

/**
 * Brings the demo's paid SIMs to life through the same events a real one goes through: the courier's dispatch, RICA
 * verified, the activation the storefront asked for taken by the sandbox network (its number), and its reading now.
 * The sandbox's side is written directly and its events applied as the webhook applies them, before the server
 * listens; the activation's idempotency key is the outbox's, so sending it later does nothing again.
 */
export async function activateDemoSims(db: Db, sims: readonly DemoSim[], sealKey?: Buffer): Promise<void> {
  const apply = async (events: readonly SandboxEvent[]) => {
    for (const event of events) await applySimEvent(db, v.parse(NetworkEventSchema, event), { source: 'sandbox', ...(sealKey ? { sealKey } : {}) })
  }
  for (const sim of sims) {
    const [service] = await db.query<{ id: number; service_reference: string }>('select id, service_reference from services where order_id = $1', [sim.orderId])
    const { id, service_reference: reference } = defined(service, 'the demo order’s SIM')
    await apply(
      await db.transaction((tx) => dispatchSim(tx, { reference, courier: 'Sandbox Courier', tracking_reference: sim.trackingReference }, sim.dispatchedAt)),
    )
    await apply(await ricaChecked(db, reference, 1, 'verified', sim.verifiedAt))
    const [request] = await db.query<{ idempotency_key: string; service_id: number; body: unknown }>(
      "select idempotency_key, service_id, body from network_requests where service_id = $1 and kind = 'activate'",
      [id],
    )
    const activation = defined(request, 'the activation RICA verified queued')
    const body = await activationOf(db, activation, sealKey ?? idNumberKeyOf({}))
    const answered = await db.transaction((tx) => takeCall(tx, { path: '/v1/activations', key: activation.idempotency_key, body }, sim.activatedAt))
    if (answered.status !== 202) throw new Error(`the sandbox network refused the demo's activation: ${JSON.stringify(answered.answer)}`)
    // Taken, as the outbox records a 202: it is not sent again.
    await db.query('update network_requests set accepted_at = $2, attempts = attempts + 1 where idempotency_key = $1 and accepted_at is null', [
      activation.idempotency_key,
      sim.activatedAt,
    ])
    await apply(answered.events)
    const [taken] = await db.query<{ iccid: string }>('select iccid from sandbox_network_sims where reference = $1', [reference])
    await apply(await db.transaction((tx) => setReading(tx, defined(taken, 'the demo SIM on the sandbox network').iccid, sim.reading, sim.readAt, sim.granted)))
  }
}

/** The demo's history for a customer who exists already (tests give one to a customer they signed up), its SIMs active. */
export async function giveDemoHistory(db: Db, h: DemoHistory, sealKey?: Buffer): Promise<void> {
  await activateDemoSims(db, await db.transaction((tx) => writeDemoHistory(tx, h)), sealKey)
}
