import * as v from 'valibot'
import { UserSchema } from '../../src/domain/account.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Address, User } from '../../src/domain/account.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Queryable } from '../db/types.ts'
import type { EmailProof } from './emailLinks.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'

/** What a new customer is made of; addresses are optional because a social sign-in knows none. */
export interface NewCustomer {
  first_name: string
  last_name: string
  id_number: string
  email: string
  phone: string
  mobile: string
  passwordHash: string
  address?: Address
  /** How the email is already proven the customer's (a provider's verified claim, the demo seed); unproven when absent. */
  emailVerifiedBy?: EmailProof
}

/** Thrown when the email (compared case-insensitively) already has an account. */
export class DuplicateEmailError extends Error {
  constructor() {
    super(serverMessages.emailTaken)
  }
}

/** Inserts the customer and their address; returns the new id. Run it inside a transaction. */
export async function insertCustomer(tx: Queryable, c: NewCustomer): Promise<number> {
  let rows: { id: number }[]
  try {
    rows = await tx.query<{ id: number }>(
      `insert into customers (first_name, last_name, id_number, email, phone, mobile, password_hash, email_verified_at, email_verified_by)
       values ($1, $2, $3, $4, $5, $6, $7, case when $8::text is null then null else now() end, $8) returning id`,
      [c.first_name, c.last_name, c.id_number, c.email, c.phone, c.mobile, c.passwordHash, c.emailVerifiedBy ?? null],
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError()
    throw error
  }
  const id = defined(rows[0], 'the inserted customer').id
  if (c.address) await insertAddress(tx, id, c.address, { isDefault: true })
  return id
}

/** Adds an address (named by `publicId` when the device gave it one); the caller keeps a single default. */
export async function insertAddress(tx: Queryable, customerId: number, a: Address, options: { publicId?: string; isDefault: boolean }): Promise<void> {
  await tx.query(
    `insert into addresses (customer_id, public_id, is_default, unit_number, floor_level, building_name, street_number,
       street_name, suburb, city, province, postal_code, country, longitude, latitude, deliver_to)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      customerId,
      options.publicId ?? null,
      options.isDefault,
      a.unit_number,
      a.floor_level,
      a.building_name,
      a.street_number,
      a.street_name,
      a.suburb,
      a.city,
      a.province,
      a.postal_code,
      a.country,
      a.gps_coordinates?.longitude ?? null,
      a.gps_coordinates?.latitude ?? null,
      a.deliver_to,
    ],
  )
}

export async function findCustomerIdByEmail(db: Queryable, email: string): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>('select id from customers where lower(email) = lower($1)', [email.trim()])
  return row && Number(row.id)
}

interface AddressRow extends Omit<Address, 'gps_coordinates'> {
  id: string
  is_default: boolean
  longitude: number | null
  latitude: number | null
}

/** The customer as the API returns them (never the password hash), checked against the shared schema. */
export async function loadUser(db: Queryable, id: number): Promise<User | undefined> {
  const [customer] = await db.query<Record<string, unknown> & { pending_email: string | null }>(
    'select id, first_name, last_name, id_number, email, phone, mobile, pending_email from customers where id = $1',
    [id],
  )
  if (!customer) return undefined
  const addresses = await db.query<AddressRow>(
    `select public_id::text as id, is_default, unit_number, floor_level, building_name, street_number, street_name,
       suburb, city, province, postal_code, country, longitude, latitude, deliver_to
     from addresses where customer_id = $1 order by addresses.id`,
    [id],
  )
  const { pending_email, ...fields } = customer
  return v.parse(UserSchema, {
    ...fields,
    ...(pending_email === null ? {} : { pending_email }),
    addresses: addresses.map(({ longitude, latitude, ...a }) => ({
      ...a,
      gps_coordinates: longitude === null || latitude === null ? null : { longitude, latitude },
    })),
    orders: [],
  })
}
