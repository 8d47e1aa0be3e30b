import * as v from 'valibot'
import { CUSTOMER_DATA_FORMAT, CUSTOMER_DATA_VERSION, CustomerDataSchema } from '../../src/domain/customerDataFile.ts'
import type { CustomerData } from '../../src/domain/customerDataFile.ts'
import type { Queryable } from '../db/types.ts'
import { listSubscriptions } from '../push/pushSubscriptions.ts'
import { listServices } from '../services/serviceReply.ts'
import { customerOrders, customerPayments } from './customerOrders.ts'
import { ricaRetention } from './ricaRecord.ts'

const iso = (date: Date | string) => new Date(date).toISOString()

const notes = [
  'Payments never include card details: the card number, its first and last digits, the holder and the expiry date are left out.',
  'Sessions are the browsers signed in now; their secret ids are never shown. Ended sessions are not kept.',
  "Devices subscribed to notifications show their notification service and device, never the device's keys; a subscription ends with the session that made it.",
  'Failed sign-in attempts are counted for 15 minutes to stop password guessing, and are not kept longer.',
  'Your ID or passport number is stored encrypted and only its last 4 characters are ever shown, here too.',
  'RICA records are kept after your account is deleted, because the law requires it: see rica_records for each one, why and until when.',
]

const ricaWhy =
  'RICA (the Regulation of Interception of Communications and Provision of Communication-related Information Act, section 40) requires the names, identity document and address a SIM was registered with to be recorded and kept, so they are not deleted with your account.'
const ricaUntil = `Kept until ${ricaRetention} after the SIM stops being yours (it is cancelled, or your account is deleted), then erased.`

type Row = Record<string, unknown> & { created_at: Date | string }

const dated = <R extends Row>({ created_at, ...rest }: R) => ({ ...rest, created_at: iso(created_at) })

/**
 * Everything the server holds on the customer, for their own download; undefined when there is no such customer.
 * `sessionTag` marks the session asking (the hex of its stored hash), which is never itself part of the file.
 */
export async function customerData(db: Queryable, customerId: number, sessionTag: string): Promise<CustomerData | undefined> {
  const q = <T>(sql: string, params: unknown[] = [customerId]) => db.query<T>(sql, params)
  const [profile] = await q<Row>(
    `select id, first_name, last_name, id_type, id_number_masked as id_number, id_country, email, phone, mobile, pending_email, language, created_at
     from customers where id = $1`,
  )
  if (!profile) return undefined
  const addresses = await q<Row & { longitude: number | null; latitude: number | null }>(
    `select unit_number, floor_level, building_name, street_number, street_name, suburb, city, province, postal_code, country,
       longitude, latitude, deliver_to, created_at
     from addresses where customer_id = $1 order by id`,
  )
  const identities = await q<{ provider: string; subject: string; email: string | null; created_at: Date | string; last_used_at: Date | string | null }>(
    'select provider, subject, email, created_at, last_used_at from customer_identities where customer_id = $1 order by created_at, provider',
  )
  const checkouts = await q<{ order_id: number; amount: number; currency: string; created_at: Date | string; settled: boolean }>(
    'select order_id, amount, currency, created_at, settled_at is not null as settled from checkouts where customer_id = $1 order by created_at, id',
  )
  const messages = await q<{ reference: string; name: string; email: string; message: string; created_at: Date | string }>(
    'select reference, name, email, message, created_at from support_messages where customer_id = $1 order by created_at, id',
  )
  const entries = await q<{ reference: string; kind: 'reply' | 'answer'; body: string; created_at: Date | string }>(
    `select m.reference, e.kind, e.body, e.created_at
     from support_entries e join support_messages m on m.id = e.support_message_id
     where m.customer_id = $1 and e.kind in ('reply', 'answer') order by e.created_at, e.id`,
  )
  const conversationOf = (reference: string) =>
    entries
      .filter((e) => e.reference === reference)
      .map((e) => ({ from: e.kind === 'reply' ? ('shop' as const) : ('customer' as const), body: e.body, sent_at: iso(e.created_at) }))
  const renames = await q<{ service_id: number; previous_name: string; name: string; renamed_at: Date | string }>(
    'select service_id, previous_name, name, renamed_at from service_renames where customer_id = $1 order by seq',
  )
  const sessions = await q<{ user_agent: string; created_at: Date | string; last_seen_at: Date | string; expires_at: Date | string; current: boolean }>(
    `select user_agent, created_at, last_seen_at, expires_at, encode(id_hash, 'hex') = $2 as current
     from sessions where customer_id = $1 and expires_at > now() order by created_at`,
    [customerId, sessionTag],
  )
  const devices = await listSubscriptions(db, customerId)
  const rica = await q<{
    service_id: number | null
    iccid: string | null
    service_number: string | null
    first_names: string
    surname: string
    id_type: string
    id_number_masked: string
    id_country: string | null
    address: Record<string, unknown>
    recorded_at: Date | string
    kept_until: Date | string | null
  }>(
    `select r.service_id, coalesce(s.iccid, r.iccid) as iccid, coalesce(s.service_number, r.service_number) as service_number, r.first_names,
       r.surname, r.id_type, r.id_number_masked, r.id_country, r.address, r.recorded_at, r.kept_until
     from rica_records r left join services s on s.id = r.service_id where r.customer_id = $1 order by r.recorded_at, r.id`,
  )
  return v.parse(CustomerDataSchema, {
    format: CUSTOMER_DATA_FORMAT,
    version: CUSTOMER_DATA_VERSION,
    exported_at: new Date().toISOString(),
    profile: dated(profile),
    addresses: addresses.map(({ longitude, latitude, ...a }) => ({
      ...dated(a),
      gps_coordinates: longitude === null || latitude === null ? null : { longitude, latitude },
    })),
    social_sign_in: identities.map(({ created_at, last_used_at, ...i }) => ({
      ...i,
      linked_at: iso(created_at),
      last_used_at: last_used_at === null ? null : iso(last_used_at),
    })),
    orders: await customerOrders(db, customerId),
    payments: await customerPayments(db, customerId),
    card_checkouts: checkouts.map(dated),
    services: await listServices(db, customerId),
    sim_name_history: renames.map((r) => ({ ...r, renamed_at: iso(r.renamed_at) })),
    support_messages: messages.map(({ created_at, ...m }) => ({ ...m, sent_at: iso(created_at), conversation: conversationOf(m.reference) })),
    sessions: sessions.map((s) => ({ ...dated(s), last_seen_at: iso(s.last_seen_at), expires_at: iso(s.expires_at) })),
    push_subscriptions: devices.map((d) => ({
      endpoint_host: d.endpointHost,
      device: d.device,
      categories: d.categories,
      quiet_from: d.quietFrom,
      quiet_until: d.quietUntil,
      created_at: d.createdAt,
      last_seen_at: d.lastSeenAt,
    })),
    rica_records: rica.map(({ id_type, id_number_masked, id_country, recorded_at, kept_until, ...r }) => ({
      ...r,
      document: { type: id_type, number: id_number_masked, country: id_country },
      recorded_at: iso(recorded_at),
      why: ricaWhy,
      kept_until: kept_until === null ? null : iso(kept_until),
      until: ricaUntil,
    })),
    notes,
  })
}
