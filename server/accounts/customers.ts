import * as v from 'valibot'
import { UserSchema } from '../../src/domain/account.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Address, User } from '../../src/domain/account.ts'
import { DEFAULT_LANGUAGE, type Language } from '../../src/domain/languageCodes.ts'
import { type IdType, maskedIdNumber } from '../../src/domain/identityDocument.ts'
import { defined } from '../../src/domain/defined.ts'
import type { Queryable } from '../db/types.ts'
import type { EmailProof } from './emailLinks.ts'
import { isUniqueViolation } from '../db/uniqueViolation.ts'
import { sealIdNumber } from './idNumberSeal.ts'

/** What a new customer is made of; addresses are optional because a social sign-in knows none. */
export interface NewCustomer {
  first_name: string
  last_name: string
  /** An SA ID (the default) or a passport, whose issuing country id_country names. */
  id_type?: IdType
  /** Sealed with the key insertCustomer is given; '' when none was given (a social sign-in). */
  id_number: string
  id_country?: string
  email: string
  phone: string
  mobile: string
  passwordHash: string
  /** The residential address given for RICA at sign-up: the first address, and the default. */
  address?: Address
  /** How the email is already proven the customer's (a provider's verified claim, the demo seed); unproven when absent. */
  emailVerifiedBy?: EmailProof
  /** The language the app showed when the account was made: every mail to the customer speaks it (English when absent). */
  language?: Language
}

/** Thrown when the email (compared case-insensitively) already has an account. */
export class DuplicateEmailError extends Error {
  constructor() {
    super(serverMessages.emailTaken)
  }
}

/**
 * Inserts the customer and their address (the RICA address); returns the new id. The ID number is stored only sealed
 * with `sealKey` and masked, never as given. Run it inside a transaction.
 */
export async function insertCustomer(tx: Queryable, c: NewCustomer, sealKey?: Buffer): Promise<number> {
  if (c.id_number !== '' && !sealKey) throw new Error('An ID number is stored only sealed: insertCustomer needs the key')
  const passport = c.id_type === 'passport'
  let rows: { id: number }[]
  try {
    rows = await tx.query<{ id: number }>(
      `insert into customers (first_name, last_name, id_type, id_country, id_number_sealed, id_number_masked, email, phone, mobile,
         password_hash, email_verified_at, email_verified_by, language)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $11::text is null then null else now() end, $11, $12) returning id`,
      [
        c.first_name,
        c.last_name,
        passport ? 'passport' : 'sa_id',
        passport ? (c.id_country ?? null) : null,
        c.id_number !== '' && sealKey ? sealIdNumber(c.id_number, sealKey) : null,
        maskedIdNumber(c.id_number),
        c.email,
        c.phone,
        c.mobile,
        c.passwordHash,
        c.emailVerifiedBy ?? null,
        c.language ?? DEFAULT_LANGUAGE,
      ],
    )
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateEmailError()
    throw error
  }
  const id = defined(rows[0], 'the inserted customer').id
  if (c.address) {
    const addressId = await insertAddress(tx, id, c.address, { isDefault: true })
    await tx.query('update addresses set for_rica = true where id = $1', [addressId])
  }
  return id
}

/** Adds an address (named by `publicId` when the device gave it one); the caller keeps a single default. */
export async function insertAddress(tx: Queryable, customerId: number, a: Address, options: { publicId?: string; isDefault: boolean }): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into addresses (customer_id, public_id, is_default, unit_number, floor_level, building_name, street_number,
       street_name, suburb, city, province, postal_code, country, longitude, latitude, deliver_to)
     values ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
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
  return Number(defined(row, 'the inserted address').id)
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

/** The customer as the API returns them (never the password hash, the ID number only masked), checked against the shared schema. */
export async function loadUser(db: Queryable, id: number): Promise<User | undefined> {
  const [customer] = await db.query<Record<string, unknown> & { pending_email: string | null }>(
    `select id, first_name, last_name, id_type, id_number_masked as id_number, coalesce(id_country, '') as id_country, email, phone, mobile,
       pending_email
     from customers where id = $1`,
    [id],
  )
  if (!customer) return undefined
  const addresses = await db.query<AddressRow>(
    `select public_id::text as id, is_default, unit_number, floor_level, building_name, street_number, street_name,
       suburb, city, province, postal_code, country, longitude, latitude, deliver_to
     from addresses where customer_id = $1 order by addresses.id`,
    [id],
  )
  const { pending_email, id_type, id_country, ...fields } = customer
  return v.parse(UserSchema, {
    ...fields,
    // An SA ID is the default a reply leaves unsaid; a passport names itself and its country.
    ...(id_type === 'passport' ? { id_type, id_country } : {}),
    ...(pending_email === null ? {} : { pending_email }),
    addresses: addresses.map(({ longitude, latitude, ...a }) => ({
      ...a,
      gps_coordinates: longitude === null || latitude === null ? null : { longitude, latitude },
    })),
    orders: [],
  })
}
