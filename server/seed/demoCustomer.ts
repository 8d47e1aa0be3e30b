import type { Address } from '../../src/domain/account.ts'
import { DuplicateEmailError, findCustomerIdByEmail, insertCustomer } from '../accounts/customers.ts'
import { idNumberKeyOf } from '../accounts/idNumberSeal.ts'
import { defaultScryptN, hashPassword } from '../accounts/password.ts'
import { sandboxPartner } from '../orders/partner.ts'
import type { Partner } from '../orders/partner.ts'
import type { Db } from '../db/types.ts'
import { writeDemoHistory } from './demoHistory.ts'
import { activateDemoSims } from './demoSims.ts'
import type { DemoSim } from './demoHistory.ts'

/** The sandbox's ready-made customer (docs/features.md, "Demo customer"): sign in with these to see a lived-in portal. */
export const DEMO_CUSTOMER = {
  email: 'demo@storefront.co.za',
  password: 'Demo#2026',
  first_name: 'Lindiwe',
  last_name: 'Dlamini',
  // Born 1994-07-21, female (0456), citizen (0), Luhn check digit 1.
  id_number: '9407210456081',
  phone: '0117841234',
  mobile: '0825550143',
} as const

const demoAddress: Address = {
  unit_number: '12',
  floor_level: '3',
  building_name: 'Protea Court',
  street_number: '27',
  street_name: 'Rivonia Road',
  suburb: 'Sandown',
  city: 'Sandton',
  province: 'Gauteng',
  postal_code: '2196',
  country: 'South Africa',
  gps_coordinates: { longitude: 28.0567, latitude: -26.1076 },
  deliver_to: 'Security desk',
}

export interface DemoOptions {
  scryptN?: number
  partner?: Partner
  /** When the history is written up to; the demo's dates count back from it. */
  now?: Date
  /** What the ID number is sealed with (ID_NUMBER_KEY), and the RICA record the demo SIMs' activations carry; the demo's key when not given. */
  idNumberKey?: Buffer
}

/**
 * Creates the demo customer with their orders, payments and SIMs, once: a database that has them is left as it is
 * (their sign-ins and new orders are kept), so it is safe on every start. Returns whether it created them.
 */
export async function seedDemoCustomer(
  db: Db,
  { scryptN = defaultScryptN, partner = sandboxPartner, now = new Date(), idNumberKey = idNumberKeyOf({}) }: DemoOptions = {},
): Promise<boolean> {
  // Checked before hashing: the hash costs a quarter of a second at the production work factor.
  if ((await findCustomerIdByEmail(db, DEMO_CUSTOMER.email)) !== undefined) return false
  const { password, ...personal } = DEMO_CUSTOMER
  const passwordHash = await hashPassword(password, scryptN)
  let sims: DemoSim[]
  try {
    sims = await db.transaction(async (tx) => {
      const customerId = await insertCustomer(tx, { ...personal, passwordHash, address: demoAddress, emailVerifiedBy: 'seed' }, idNumberKey)
      return writeDemoHistory(tx, { customerId, address: demoAddress, partner, now })
    })
  } catch (error) {
    // Another process starting on the same database created them first.
    if (error instanceof DuplicateEmailError) return false
    throw error
  }
  // Each event is applied in a transaction of its own, as the webhook applies it, once the SIMs it names are committed.
  await activateDemoSims(db, sims, idNumberKey)
  return true
}
