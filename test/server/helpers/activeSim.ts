import type { Db } from '../../../server/db/types.ts'
import type { NetworkEvent, SimReading } from '../../../server/network/network.ts'
import { applySimEvent } from '../../../server/network/simEvents.ts'
import type { TestApp } from './accounts.ts'
import { cartLine } from './orders.ts'
import { payByWallet, placeOrder } from './portal.ts'

type Me = { id: number; cookie: string }

let events = 0
const eventId = () => `test-${process.pid}-${Date.now()}-${++events}`

/** The numbers the test network gives a SIM: an ICCID in the 89 27 range, a mobile number and an IMSI, each from its id. */
export const networkNumbersFor = (serviceId: number) => ({
  iccid: `892701${String(serviceId).padStart(12, '0')}0`,
  msisdn: `08${String(serviceId % 100_000_000).padStart(8, '0')}`,
  imsi: `65501${String(serviceId).padStart(10, '0')}`,
})

/** A reading the network reports at activation: a prepaid SIM's starting balances, a monthly SIM's usage so far. */
export const startingReading = {
  balances: {
    available_balance: 0,
    data_available_volume: 2e9,
    additional_balances: [{ voice_sub: { available: 3_600 } }, { data_sub: { available: 2e9 } }, { sms_sub: { available: 100 } }],
  },
  usage: { total_usage: 0, peak_usage: 0, offpeak_usage: 0, spend_limit_available: 10e9 },
} satisfies Pick<SimReading, 'balances' | 'usage'>

/** Sends one event about the SIM to the storefront as the network would, through the one path that applies events. */
export async function sendSimEvent(db: Db, sim: NetworkEvent['sim'], type: NetworkEvent['type'], data: Record<string, unknown>, at = new Date()) {
  const event = { id: eventId(), type, occurred_at: at.toISOString(), sim, data } as NetworkEvent
  const outcome = await applySimEvent(db, event)
  if (outcome !== 'applied') throw new Error(`${type} for ${JSON.stringify(sim)} was ${outcome}`)
  return event
}

/**
 * Takes a paid SIM through its life to active as fulfilment and the network would: dispatched (its ICCID), RICA
 * verified at delivery (the activation is queued), activated with its number, and its first reading reported; all at
 * `at`, by default the moment it was paid for (so its activation date is its bill cycles' start, as before the network).
 */
export async function activateSim(db: Db, serviceId: number, at?: Date): Promise<ReturnType<typeof networkNumbersFor>> {
  const [row] = await db.query<{ service_reference: string; billing: string; activation_date: Date | string }>(
    'select service_reference, billing, activation_date from services where id = $1',
    [serviceId],
  )
  if (!row) throw new Error(`no service ${serviceId}`)
  at ??= new Date(row.activation_date)
  const numbers = networkNumbersFor(serviceId)
  const byReference = { reference: row.service_reference }
  await sendSimEvent(db, byReference, 'sim.dispatched', { iccid: numbers.iccid, courier: 'Test Courier', tracking_reference: `TR${serviceId}`, attempt: 1 }, at)
  await sendSimEvent(db, { iccid: numbers.iccid }, 'rica.verified', { attempt: 1 }, at)
  await sendSimEvent(db, { iccid: numbers.iccid }, 'sim.activated', { msisdn: numbers.msisdn, imsi: numbers.imsi }, at)
  const reading = row.billing === 'prepaid' ? { balances: startingReading.balances } : { usage: startingReading.usage }
  await sendSimEvent(db, { iccid: numbers.iccid }, 'usage.reported', { read_at: at.toISOString(), ...reading }, at)
  return numbers
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
