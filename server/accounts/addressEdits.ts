import type { Address } from '../../src/domain/account.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { Queryable } from '../db/types.ts'
import { insertAddress } from './customers.ts'

/** An edit that was refused, with the status to answer; undefined when it was made. */
export type EditRefusal = { status: 403 | 404 | 422; error: string } | undefined

/** Whose address `publicId` is: the customer's id, or undefined when no address has it. */
async function ownerOf(tx: Queryable, publicId: string): Promise<{ customerId: number; isDefault: boolean } | undefined> {
  const [row] = await tx.query<{ customer_id: number; is_default: boolean }>('select customer_id, is_default from addresses where public_id = $1', [publicId])
  return row && { customerId: Number(row.customer_id), isDefault: row.is_default }
}

/** The same address for everyone else: another customer's is refused without saying anything about it. */
async function ownAddress(tx: Queryable, customerId: number, publicId: string) {
  const owner = await ownerOf(tx, publicId)
  if (!owner) return { refused: { status: 404, error: serverMessages.addressNotFound } as const }
  if (owner.customerId !== customerId) return { refused: { status: 403, error: serverMessages.othersAddress } as const }
  return { owner }
}

/** Makes `publicId` the customer's one default: the old one is cleared first, as the unique index checks each row. */
async function setDefault(tx: Queryable, customerId: number, publicId: string): Promise<void> {
  await tx.query('update addresses set is_default = false where customer_id = $1 and is_default and public_id <> $2', [customerId, publicId])
  await tx.query('update addresses set is_default = true where public_id = $1', [publicId])
}

/** Adds the address under the device's id, or replaces the one with that id; the first address is the default. */
export async function saveAddress(tx: Queryable, customerId: number, publicId: string, address: Address, makeDefault: boolean): Promise<EditRefusal> {
  const owner = await ownerOf(tx, publicId)
  if (owner && owner.customerId !== customerId) return { status: 403, error: serverMessages.othersAddress }
  if (owner) {
    await tx.query(
      `update addresses set unit_number = $2, floor_level = $3, building_name = $4, street_number = $5, street_name = $6,
         suburb = $7, city = $8, province = $9, postal_code = $10, country = $11, longitude = $12, latitude = $13, deliver_to = $14
       where public_id = $1`,
      [
        publicId,
        address.unit_number,
        address.floor_level,
        address.building_name,
        address.street_number,
        address.street_name,
        address.suburb,
        address.city,
        address.province,
        address.postal_code,
        address.country,
        address.gps_coordinates?.longitude ?? null,
        address.gps_coordinates?.latitude ?? null,
        address.deliver_to,
      ],
    )
  } else {
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('select count(*)::int as count from addresses where customer_id = $1', [customerId])
    await insertAddress(tx, customerId, address, { publicId, isDefault: count === 0 })
  }
  if (makeDefault) await setDefault(tx, customerId, publicId)
  return undefined
}

/** Makes one of the customer's addresses the default delivery address. */
export async function chooseDefault(tx: Queryable, customerId: number, publicId: string): Promise<EditRefusal> {
  const own = await ownAddress(tx, customerId, publicId)
  if ('refused' in own) return own.refused
  await setDefault(tx, customerId, publicId)
  return undefined
}

/** Removes one of the customer's addresses but the last; a removed default passes to the oldest one left. */
export async function removeAddress(tx: Queryable, customerId: number, publicId: string): Promise<EditRefusal> {
  const own = await ownAddress(tx, customerId, publicId)
  if ('refused' in own) return own.refused
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('select count(*)::int as count from addresses where customer_id = $1', [customerId])
  if (count <= 1) return { status: 422, error: serverMessages.lastAddress }
  await tx.query('delete from addresses where public_id = $1', [publicId])
  if (own.owner.isDefault)
    await tx.query('update addresses set is_default = true where id = (select min(id) from addresses where customer_id = $1)', [customerId])
  return undefined
}
