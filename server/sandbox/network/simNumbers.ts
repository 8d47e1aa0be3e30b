import { luhnCheckDigit } from '../../../src/domain/luhn.ts'

/**
 * The numbers the sandbox network gives its SIMs, each derived from a counter of its own so they are unique by
 * construction: the ICCID of a SIM in its stock, the IMSI and mobile number it allocates at activation. They are the
 * sandbox's, never a real network's. Pure, so the formats are tested without a database.
 */

/** The host network: Vodacom South Africa, MCC 655 and MNC 01, whose ICCIDs carry issuer 01 after 89 27. */
export const SIM_NETWORK = { mcc: '655', mnc: '01', countryCode: '27', issuer: '01', numberPrefix: '082' } as const

// Odd and not a multiple of 5, so coprime with every power of ten: n -> n * A + offset mod 10^k is a bijection.
const A = 7_368_787_411n
// One offset per number, so a SIM's ICCID, IMSI and mobile number do not end in the same digits.
const offsets = { iccid: 1_234_567n, imsi: 4_081_930_265n, msisdn: 6_502_718n }

/** n spread over `digits` digits without collisions for n < 10^digits, so neighbouring SIMs do not get neighbouring numbers. */
export function spread(n: number, digits: number, offset = 0n): string {
  const modulus = 10n ** BigInt(digits)
  if (!Number.isSafeInteger(n) || n < 0 || BigInt(n) >= modulus) throw new Error(`${n} does not fit in ${digits} digits`)
  return ((BigInt(n) * A + offset) % modulus).toString().padStart(digits, '0')
}

/** ITU-T E.118: 89 (telecom), 27 (South Africa), issuer, a 13-digit serial and the Luhn check digit: 20 digits. */
export function iccidFor(id: number): string {
  const body = `89${SIM_NETWORK.countryCode}${SIM_NETWORK.issuer}${spread(id, 13, offsets.iccid)}`
  return body + luhnCheckDigit(body)
}

/** ITU-T E.212: MCC 655, the MNC and a 10-digit subscriber number: 15 digits. */
export const imsiFor = (id: number): string => `${SIM_NETWORK.mcc}${SIM_NETWORK.mnc}${spread(id, 10, offsets.imsi)}`

/** The SIM's 10-digit South African mobile number, in the network's 082 range. */
export const serviceNumberFor = (id: number): string => `${SIM_NETWORK.numberPrefix}${spread(id, 7, offsets.msisdn)}`
