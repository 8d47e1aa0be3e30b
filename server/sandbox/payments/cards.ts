import type { CardBrand } from './testCards.ts'

/** The brands the sandbox entity accepts (the widget's script repeats these rules for the shopper's browser). */
export const acceptedBrands: readonly CardBrand[] = ['VISA', 'MASTER', 'DISCOVER']

export const cardMessages = {
  number: 'Invalid card number',
  brand: 'This card brand is not accepted',
  expiry: 'Invalid expiry date',
  expired: 'Card expired',
  holder: 'Invalid card holder',
  cvv: 'Invalid CVV',
} as const

export function luhnValid(digits: string): boolean {
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48
    if (double) n = n * 2 > 9 ? n * 2 - 9 : n * 2
    sum += n
    double = !double
  }
  return sum % 10 === 0
}

export function brandOf(digits: string): CardBrand | undefined {
  if (digits.startsWith('4')) return 'VISA'
  const first4 = Number(digits.slice(0, 4))
  if (/^5[1-5]/.test(digits) || (digits.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'MASTER'
  if (/^(6011|64[4-9]|65)/.test(digits)) return 'DISCOVER'
  return undefined
}

export interface CardInput {
  number: string
  holder: string
  expiryMonth: string
  expiryYear: string
  cvv: string
  paymentBrand: string
}

export interface ParameterError {
  name: string
  value: string
  message: string
}

export interface ValidCard {
  number: string
  brand: CardBrand
  holder: string
  expiryMonth: string
  expiryYear: string
}

/** Checks a card as the widget posted it; errors name the protocol's fields, and never echo the number or CVV. */
export function checkCard(input: CardInput, now: number): { ok: true; card: ValidCard } | { ok: false; errors: ParameterError[] } {
  const errors: ParameterError[] = []
  const number = input.number.replace(/[\s-]/g, '')
  const holder = input.holder.trim().replace(/\s+/g, ' ')
  const brand = brandOf(number)
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) errors.push({ name: 'card.number', value: '', message: cardMessages.number })
  else if (!brand || !acceptedBrands.includes(brand) || input.paymentBrand !== brand) {
    errors.push({ name: 'paymentBrand', value: input.paymentBrand.slice(0, 20), message: cardMessages.brand })
  }
  const expiry = expiryProblem(input.expiryMonth, input.expiryYear, now)
  if (expiry) errors.push({ name: 'card.expiryMonth', value: input.expiryMonth.slice(0, 2), message: expiry })
  if (holder.length < 3 || holder.length > 128) errors.push({ name: 'card.holder', value: '', message: cardMessages.holder })
  if (!/^\d{3,4}$/.test(input.cvv)) errors.push({ name: 'card.cvv', value: '', message: cardMessages.cvv })
  if (errors.length > 0 || !brand) return { ok: false, errors }
  return { ok: true, card: { number, brand, holder, expiryMonth: input.expiryMonth, expiryYear: input.expiryYear } }
}

/** MM and YYYY; a card is valid until the end of its expiry month (UTC, as the sandbox has no shopper time zone). */
function expiryProblem(month: string, year: string, now: number): string | undefined {
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{4}$/.test(year)) return cardMessages.expiry
  const today = new Date(now)
  const current = today.getUTCFullYear() * 12 + today.getUTCMonth()
  const expires = Number(year) * 12 + Number(month) - 1
  if (expires < current) return cardMessages.expired
  if (expires > current + 20 * 12) return cardMessages.expiry
  return undefined
}
