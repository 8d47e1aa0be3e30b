import { isLuhnValid } from './luhn.ts'

/** The card brands known by their numbers' issuer prefixes. */
export type CardBrand = 'VISA' | 'MASTER' | 'DISCOVER'

/** A month of a calendar: the year, and the month from 1 (January) to 12. */
export interface CalendarMonth {
  year: number
  month: number
}

/** A card number as typed, without the spaces and dashes people group its digits with. */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, '')

/** 12 to 19 digits ending in their Luhn check digit (ISO/IEC 7812). */
export const isCardNumber = (digits: string): boolean => /^\d{12,19}$/.test(digits) && isLuhnValid(digits)

/** The brand a number's issuer prefix names: Visa 4, Mastercard 51-55 and 2221-2720, Discover 6011, 644-649 and 65. */
export function brandOf(digits: string): CardBrand | undefined {
  if (digits.startsWith('4')) return 'VISA'
  const first4 = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'MASTER'
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'DISCOVER'
  return undefined
}

export const isCvv = (cvv: string): boolean => /^\d{3,4}$/.test(cvv)

/** A holder's name as printed on cards: 3 to 128 characters. */
export const isCardHolder = (holder: string): boolean => holder.length >= 3 && holder.length <= 128

/** What is wrong with a card's expiry month in `current`: none while it lasts (to its month's end), nor up to 20 years ahead. */
export function expiryProblem(expiry: CalendarMonth, current: CalendarMonth): 'expired' | 'tooFar' | undefined {
  const expires = expiry.year * 12 + expiry.month
  const now = current.year * 12 + current.month
  if (expires < now) return 'expired'
  if (expires > now + 20 * 12) return 'tooFar'
  return undefined
}
