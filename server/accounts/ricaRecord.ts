import { type IdType, maskedIdNumber } from '../../src/domain/identityDocument.ts'
import type { Queryable } from '../db/types.ts'
import type { RicaRecord } from '../network/network.ts'
import { sealIdNumber, unsealIdNumber } from './idNumberSeal.ts'

/**
 * How long a RICA record is kept once the SIM is no longer the customer's (docs/features.md, "RICA records kept after
 * deletion"): an SQL interval.
 */
export const ricaRetention = '5 years'

interface AddressRow {
  unit_number: string
  floor_level: string
  building_name: string
  street_number: string
  street_name: string
  suburb: string
  city: string
  province: string
  postal_code: string
}

const present = <K extends string>(key: K, value: string): { [P in K]?: string } =>
  value.trim() === '' ? {} : ({ [key]: value.trim() } as { [P in K]: string })

/** Our address fields as the contract's lines: the street first, then the unit, floor and building. */
export function ricaAddress(a: AddressRow): RicaRecord['address'] {
  const line2 = [a.unit_number && `Unit ${a.unit_number}`, a.floor_level && `Floor ${a.floor_level}`, a.building_name].filter((part) => part.trim() !== '')
  return {
    line1: `${a.street_number} ${a.street_name}`.trim(),
    ...present('line2', line2.join(', ')),
    ...present('suburb', a.suburb),
    city: a.city,
    ...present('province', a.province),
    postal_code: a.postal_code,
  }
}

/**
 * The customer's RICA record from what they gave: their names, their document (the number unsealed with `sealKey`)
 * and the RICA address given at sign-up, else their first address. Undefined when they gave no ID number (a social
 * sign-in) or no address: such a customer's SIM cannot be RICA'd from what we hold.
 */
export async function ricaRecordFor(q: Queryable, customerId: number, sealKey: Buffer): Promise<RicaRecord | undefined> {
  const [customer] = await q.query<{ first_name: string; last_name: string; id_type: IdType; id_country: string | null; sealed: Uint8Array | null }>(
    'select first_name, last_name, id_type, id_country, id_number_sealed as sealed from customers where id = $1',
    [customerId],
  )
  if (!customer?.sealed) return undefined
  const [address] = await q.query<AddressRow>(
    `select a.unit_number, a.floor_level, a.building_name, a.street_number, a.street_name, a.suburb, a.city, a.province, a.postal_code
     from addresses a where a.customer_id = $1 order by a.for_rica desc, a.id limit 1`,
    [customerId],
  )
  if (!address) return undefined
  const number = unsealIdNumber(customer.sealed, sealKey)
  return {
    first_names: customer.first_name,
    surname: customer.last_name,
    document: { type: customer.id_type, number, ...(customer.id_type === 'passport' && customer.id_country ? { country: customer.id_country } : {}) },
    address: ricaAddress(address),
  }
}

/**
 * Keeps the RICA record a SIM's activation is asked with, sealed, in the transaction that queues the activation: it
 * outlives the customer's deletion for the retention RICA requires. A later attempt's record replaces the earlier one.
 */
export async function recordRica(tx: Queryable, serviceId: number, record: RicaRecord, sealKey: Buffer): Promise<void> {
  await tx.query(
    `insert into rica_records (service_id, customer_id, first_names, surname, id_type, id_country, id_number_sealed, id_number_masked, address, iccid,
       service_number)
     select s.id, s.customer_id, $2, $3, $4, $5, $6, $7, $8::text::jsonb, s.iccid, s.service_number from services s where s.id = $1
     on conflict (service_id) do update set customer_id = excluded.customer_id, first_names = excluded.first_names, surname = excluded.surname,
       id_type = excluded.id_type, id_country = excluded.id_country, id_number_sealed = excluded.id_number_sealed,
       id_number_masked = excluded.id_number_masked, address = excluded.address, iccid = excluded.iccid,
       service_number = excluded.service_number, recorded_at = now()`,
    [
      serviceId,
      record.first_names,
      record.surname,
      record.document.type,
      record.document.country ?? null,
      sealIdNumber(record.document.number, sealKey),
      maskedIdNumber(record.document.number),
      JSON.stringify(record.address),
    ],
  )
}

/**
 * The RICA record kept for a SIM (recordRica), the number unsealed: what the activation request sends when it goes out,
 * so the outbox row itself never holds the number. Undefined when none was kept for it.
 */
export async function keptRicaRecord(q: Queryable, serviceId: number, sealKey: Buffer): Promise<RicaRecord | undefined> {
  const [kept] = await q.query<{
    first_names: string
    surname: string
    id_type: IdType
    id_country: string | null
    sealed: Uint8Array
    address: RicaRecord['address']
  }>('select first_names, surname, id_type, id_country, id_number_sealed as sealed, address from rica_records where service_id = $1', [serviceId])
  if (!kept) return undefined
  const { first_names, surname, id_type, id_country, sealed, address } = kept
  return {
    first_names,
    surname,
    document: { type: id_type, number: unsealIdNumber(sealed, sealKey), ...(id_type === 'passport' && id_country ? { country: id_country } : {}) },
    address,
  }
}

/**
 * At the customer's deletion (same transaction, before the row goes): each of their RICA records takes its SIM's
 * numbers as they are now and is kept until `ricaRetention` after the SIM stopped being theirs.
 */
export async function keepRicaRecords(tx: Queryable, customerId: number): Promise<void> {
  await tx.query(
    `update rica_records r set iccid = coalesce(s.iccid, r.iccid), service_number = coalesce(s.service_number, r.service_number),
       kept_until = coalesce(s.cancellation_date, now()) + interval '${ricaRetention}'
     from services s where s.id = r.service_id and r.customer_id = $1`,
    [customerId],
  )
  await tx.query(`update rica_records set kept_until = now() + interval '${ricaRetention}' where customer_id = $1 and kept_until is null`, [customerId])
}

/** Erases the RICA records past their retention; run at every start and once a day (server.ts). Returns how many it erased. */
export async function eraseExpiredRicaRecords(q: Queryable): Promise<number> {
  return (await q.query('delete from rica_records where kept_until <= now() returning id')).length
}
