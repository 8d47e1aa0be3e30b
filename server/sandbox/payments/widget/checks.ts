import { brandOf, cardDigits, expiryProblem, isCardHolder, isCardNumber, isCvv, type CalendarMonth } from '../../../../src/domain/cards.ts'
import type { WidgetTexts } from '../widgetTexts.ts'

export type FieldKey = 'number' | 'expiry' | 'cvv' | 'holder'

export const twoDigits = (n: number): string => `0${n}`.slice(-2)

/** The form's fields, top to bottom. */
export const fieldOrder: readonly FieldKey[] = ['number', 'expiry', 'cvv', 'holder']

/** An expiry date as shoppers type it: "MM / YY", "M/YYYY" or "MMYY". */
export function parseExpiry(typed: string): CalendarMonth | null {
  const value = typed.trim()
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})$/.exec(value)
  if (!match) return null
  const [, month = '', year = ''] = match
  const parsed = { month: Number(month), year: year.length === 2 ? 2000 + Number(year) : Number(year) }
  return parsed.month >= 1 && parsed.month <= 12 ? parsed : null
}

/** What each field says is wrong with its value ('' for nothing): the card rules, which the provider checks again. */
export function fieldChecks(text: WidgetTexts, brands: readonly string[]): Record<FieldKey, (value: string) => string> {
  return {
    number: (value) => {
      const digits = cardDigits(value)
      if (!isCardNumber(digits)) return text.invalidNumber
      const brand = brandOf(digits)
      return brand && brands.includes(brand) ? '' : text.brandNotAccepted
    },
    expiry: (value) => {
      const expiry = parseExpiry(value)
      if (!expiry) return text.invalidExpiry
      // The shopper's own calendar: a card lasts to the end of its month where the shopper is.
      const today = new Date()
      const problem = expiryProblem(expiry, { year: today.getFullYear(), month: today.getMonth() + 1 })
      if (problem === 'expired') return text.cardExpired
      return problem === 'tooFar' ? text.invalidExpiry : ''
    },
    cvv: (value) => (isCvv(value.trim()) ? '' : text.invalidCvv),
    holder: (value) => (isCardHolder(value.trim()) ? '' : text.invalidHolder),
  }
}

/** What a field says when the provider refuses a value these checks let through (its rules are the same). */
export const refusedText = (text: WidgetTexts): Record<FieldKey, string> => ({
  number: text.invalidNumber,
  expiry: text.invalidExpiry,
  cvv: text.invalidCvv,
  holder: text.invalidHolder,
})
