import { isLuhnValid } from './luhn.ts'

/**
 * The identity document RICA (s40) records for a SIM: a South African ID number, or a passport number and the
 * country that issued it (a foreign customer's).
 */
export const ID_TYPES = ['sa_id', 'passport'] as const
export type IdType = (typeof ID_TYPES)[number]

/** ISO 3166-1 alpha-2: the officially assigned codes (a passport names its issuing state by one). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD ' +
  'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF ' +
  'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

const countries = new Set(COUNTRY_CODES)
export const isCountryCode = (code: string): boolean => countries.has(code)

/** South Africa, whose citizens give their ID number, not a passport. */
export const SOUTH_AFRICA = 'ZA'

/** A date of birth YYMMDD that exists in one of the two centuries a living person's ID can carry. */
function isBirthDate(yymmdd: string): boolean {
  const [yy, mm, dd] = [0, 2, 4].map((at) => Number(yymmdd.slice(at, at + 2))) as [number, number, number]
  return [1900, 2000].some((century) => {
    const date = new Date(Date.UTC(century + yy, mm - 1, dd))
    return date.getUTCFullYear() === century + yy && date.getUTCMonth() === mm - 1 && date.getUTCDate() === dd
  })
}

/** A South African ID number: 13 digits, a date of birth that exists first, the Luhn check digit last. */
export const isSaIdNumber = (digits: string): boolean => /^\d{13}$/.test(digits) && isBirthDate(digits.slice(0, 6)) && isLuhnValid(digits)

/** A passport number as countries issue them: 6 to 20 letters and digits. */
export const PASSPORT_PATTERN = /^[A-Za-z0-9]{6,20}$/

/** The number as a screen may show it: its last 4 characters, the rest as dots ("•••••••••6081"). */
export function maskedIdNumber(number: string): string {
  if (number === '') return ''
  const shown = Math.min(4, Math.floor(number.length / 2))
  return '•'.repeat(number.length - shown) + number.slice(number.length - shown)
}
