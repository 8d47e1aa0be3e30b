import { brandOf, cardDigits, isCardHolder, isCardNumber, isCvv, expiryProblem, type CardBrand } from '../../../src/domain/cards.ts'

/** The brands the sandbox entity accepts. */
export const acceptedBrands: readonly CardBrand[] = ['VISA', 'MASTER', 'DISCOVER']

export const cardMessages = {
  number: 'Invalid card number',
  brand: 'This card brand is not accepted',
  expiry: 'Invalid expiry date',
  expired: 'Card expired',
  holder: 'Invalid card holder',
  cvv: 'Invalid CVV',
} as const

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

/**
 * Checks a card as the widget posted it, by the same rules the widget checked it with (src/domain/cards.ts);
 * errors name the protocol's fields, and never echo the number or CVV.
 */
export function checkCard(input: CardInput, now: number): { ok: true; card: ValidCard } | { ok: false; errors: ParameterError[] } {
  const errors: ParameterError[] = []
  const number = cardDigits(input.number)
  const holder = input.holder.trim().replace(/\s+/g, ' ')
  const brand = brandOf(number)
  if (!isCardNumber(number)) errors.push({ name: 'card.number', value: '', message: cardMessages.number })
  else if (!brand || !acceptedBrands.includes(brand) || input.paymentBrand !== brand) {
    errors.push({ name: 'paymentBrand', value: input.paymentBrand.slice(0, 20), message: cardMessages.brand })
  }
  const expiry = expiryMessage(input.expiryMonth, input.expiryYear, now)
  if (expiry) errors.push({ name: 'card.expiryMonth', value: input.expiryMonth.slice(0, 2), message: expiry })
  if (!isCardHolder(holder)) errors.push({ name: 'card.holder', value: '', message: cardMessages.holder })
  if (!isCvv(input.cvv)) errors.push({ name: 'card.cvv', value: '', message: cardMessages.cvv })
  if (errors.length > 0 || !brand) return { ok: false, errors }
  return { ok: true, card: { number, brand, holder, expiryMonth: input.expiryMonth, expiryYear: input.expiryYear } }
}

/** MM and YYYY, in UTC, as the sandbox has no shopper time zone. */
function expiryMessage(month: string, year: string, now: number): string | undefined {
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{4}$/.test(year)) return cardMessages.expiry
  const today = new Date(now)
  const problem = expiryProblem({ year: Number(year), month: Number(month) }, { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 })
  if (problem === 'expired') return cardMessages.expired
  if (problem === 'tooFar') return cardMessages.expiry
  return undefined
}
