import type { Queryable } from '../db/types.ts'
import type { RicaRecord } from '../network/network.ts'

interface Row {
  first_name: string
  last_name: string
  id_number: string
  unit_number: string | null
  building_name: string | null
  street_number: string | null
  street_name: string | null
  suburb: string | null
  city: string | null
  province: string | null
  postal_code: string | null
}

const joined = (...parts: Array<string | null>) =>
  parts
    .map((p) => p?.trim() ?? '')
    .filter((p) => p !== '')
    .join(' ')

/**
 * The RICA record the network is sent with an activation: the customer's names, SA ID number and the residential
 * address given at sign-up (their first address). Undefined for a customer who is not there.
 */
export async function ricaRecordFor(q: Queryable, customerId: number, _sealKey: Buffer): Promise<RicaRecord | undefined> {
  const [row] = await q.query<Row>(
    `select c.first_name, c.last_name, c.id_number, a.unit_number, a.building_name, a.street_number, a.street_name, a.suburb, a.city,
       a.province, a.postal_code
     from customers c left join lateral (select * from addresses where customer_id = c.id order by id limit 1) a on true
     where c.id = $1`,
    [customerId],
  )
  if (!row) return undefined
  const line2 = joined(row.unit_number, row.building_name)
  return {
    first_names: row.first_name,
    surname: row.last_name,
    document: { type: 'sa_id', number: row.id_number },
    address: {
      line1: joined(row.street_number, row.street_name),
      ...(line2 ? { line2 } : {}),
      ...(row.suburb ? { suburb: row.suburb } : {}),
      city: row.city ?? '',
      ...(row.province ? { province: row.province } : {}),
      postal_code: row.postal_code ?? '',
    },
  }
}
