import * as v from 'valibot'
import { ServiceSchema } from '../../src/domain/service.ts'
import type { NetworkSource, NetworkWait, ProductBilling, Service } from '../../src/domain/service.ts'
import type { Queryable } from '../db/types.ts'
import { waitingRequestsOf, waitingRequestsOfCustomer } from '../network/networkRequests.ts'
import { toScheduledAction, waitingActionsOf, waitingActionsOfCustomer } from './scheduledActions.ts'
import { simLifeColumns, simLifeView } from '../network/simLife.ts'
import type { SimLifeRow } from '../network/simLife.ts'
import type { ActionRow } from './scheduledActions.ts'

export interface ServiceRow extends SimLifeRow {
  id: number
  customer_id: number
  order_id: number
  order_line: number
  name: string
  product_id: number
  product: string
  billing: ProductBilling
  status: number
  activation_date: Date | string
  last_updated: Date | string
  cancellation_date: Date | string | null
  iccid: string | null
  imsi: string | null
  service_reference: string
  service_number: string | null
  subscriptions: { name: string }[]
  scheduled_actions: { name: string }[]
  available_balance: number | null
  data_available_volume: number | null
  additional_balances: Service['additional_balances'] | null
  total_usage: number | null
  peak_usage: number | null
  offpeak_usage: number | null
  spend_limit_available: number | null
  network: NetworkSource
  read_at: Date | string | null
  activated_at: Date | string | null
}

export const serviceColumns = `id, customer_id, order_id, order_line, name, product_id, product, billing, status, activation_date, last_updated, cancellation_date,
  iccid, imsi, service_reference, service_number, subscriptions, scheduled_actions, available_balance, data_available_volume,
  additional_balances, total_usage, peak_usage, offpeak_usage, spend_limit_available, ${simLifeColumns}, network, read_at, activated_at`

const iso = (date: Date | string) => new Date(date).toISOString()

/**
 * A stored service in the shape the client reads: prepaid ones carry balances, monthly ones usage, never both, and
 * only once the network has reported them (read_at). Its scheduled actions are the waiting ones; a waiting
 * cancellation gives the date the service will end. Its life says where the SIM is on its way to activation, and
 * `network` lists the changes sent to the network it has not applied yet. It is active from when the network
 * activated it (a SIM from before that was recorded: from its payment).
 */
export function toReply(row: ServiceRow, waiting: readonly ActionRow[], requests: readonly NetworkWait[]): Service {
  const cancelling = waiting.find((a) => a.kind === 'cancellation')
  const cancellation = row.cancellation_date ?? cancelling?.due_at ?? null
  const reply = {
    id: row.id,
    name: row.name,
    product_id: row.product_id,
    product: row.product,
    status: row.status,
    last_updated: iso(row.last_updated),
    activation_date: iso(row.activated_at ?? row.activation_date),
    associated_resource: row.iccid,
    service_reference: row.service_reference,
    service_number: row.service_number,
    imsi: row.imsi,
    cancellation_date: cancellation === null ? null : iso(cancellation),
    subscriptions: row.subscriptions,
    scheduled_actions: [...row.scheduled_actions, ...waiting.map(toScheduledAction)],
    billing: row.billing,
    life: simLifeView(row),
    network: row.network,
    read_at: row.read_at === null ? null : iso(row.read_at),
    waiting: requests,
    ...(row.read_at === null ? {} : readings(row)),
  }
  // Checked against the schema the client validates with, so the two cannot drift apart unnoticed.
  return v.parse(ServiceSchema, reply)
}

/** The network's last reading: a prepaid SIM's balances, or a monthly SIM's usage. */
function readings(row: ServiceRow) {
  return row.billing === 'prepaid'
    ? {
        available_balance: row.available_balance ?? 0,
        data_available_volume: row.data_available_volume ?? 0,
        additional_balances: row.additional_balances ?? [],
      }
    : {
        total_usage: row.total_usage ?? 0,
        peak_usage: row.peak_usage ?? 0,
        offpeak_usage: row.offpeak_usage ?? 0,
        spend_limit_available: row.spend_limit_available ?? 0,
      }
}

/** The customer's services, newest activation first. */
export async function listServices(db: Queryable, customerId: number): Promise<Service[]> {
  const rows = await db.query<ServiceRow>(`select ${serviceColumns} from services where customer_id = $1 order by activation_date desc, id desc`, [customerId])
  const waiting = await waitingActionsOfCustomer(db, customerId)
  const requests = await waitingRequestsOfCustomer(db, customerId)
  return rows.map((row) =>
    toReply(
      row,
      waiting.filter((a) => a.service_id === row.id),
      requests.get(row.id) ?? [],
    ),
  )
}

/** One stored service, or undefined when there is none; `lock` holds its row until the transaction ends. */
export async function serviceRow(db: Queryable, id: number, { lock = false } = {}): Promise<ServiceRow | undefined> {
  const [row] = await db.query<ServiceRow>(`select ${serviceColumns} from services where id = $1${lock ? ' for update' : ''}`, [id])
  return row
}

/** A stored service as the client reads it, with its waiting actions. */
export const replyFor = async (db: Queryable, row: ServiceRow): Promise<Service> =>
  toReply(row, await waitingActionsOf(db, row.id), await waitingRequestsOf(db, row.id))

/** One service and its owner, or undefined when there is no such service. */
export async function loadService(db: Queryable, id: number): Promise<{ customerId: number; service: Service } | undefined> {
  const row = await serviceRow(db, id)
  return row && { customerId: row.customer_id, service: await replyFor(db, row) }
}
