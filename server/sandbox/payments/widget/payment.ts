import { brandOf, cardDigits, type CalendarMonth } from '../../../../src/domain/cards.ts'
import { twoDigits, type FieldKey } from './checks.ts'
import type { Field } from './fields.ts'

/** What the provider answered a payment with, as far as the widget reads it. */
export interface PaymentAnswer {
  status: number
  data: { redirect?: { url?: unknown }; result?: { parameterErrors?: unknown } } | null
}

/** The payment as COPYandPAY's form posts it: the card, the shopper's language and where to send them afterwards. */
export function paymentBody(fields: Record<FieldKey, Field>, expires: CalendarMonth, language: string, form: HTMLFormElement): URLSearchParams {
  const digits = cardDigits(fields.number.input.value)
  return new URLSearchParams({
    'card.number': digits,
    'card.holder': fields.holder.input.value.trim(),
    'card.expiryMonth': twoDigits(expires.month),
    'card.expiryYear': String(expires.year),
    'card.cvv': fields.cvv.input.value.trim(),
    paymentBrand: brandOf(digits) ?? '',
    'customer.browser.language': language,
    shopperResultUrl: new URL(form.getAttribute('action') || location.href, document.baseURI).href,
  })
}

/** Posts the card beside the script (no cookies: it may be another origin); rejects only when the provider is unreachable. */
export async function postPayment(url: string, body: URLSearchParams): Promise<PaymentAnswer> {
  const response = await fetch(url, { method: 'POST', body, credentials: 'omit', cache: 'no-store' })
  const data = (await response.json().catch(() => null)) as PaymentAnswer['data']
  return { status: response.status, data }
}

/** The provider's parameter names for the widget's fields. */
const fieldOf = new Map<unknown, FieldKey>([
  ['card.number', 'number'],
  ['paymentBrand', 'number'],
  ['card.expiryMonth', 'expiry'],
  ['card.expiryYear', 'expiry'],
  ['card.cvv', 'cvv'],
  ['card.holder', 'holder'],
])

/** The fields the provider refused, in the order it named them. */
export function refusedFields(answer: PaymentAnswer): FieldKey[] {
  const errors = answer.data?.result?.parameterErrors
  if (!Array.isArray(errors)) return []
  return errors.flatMap((error: unknown) => {
    const key = fieldOf.get((error as { name?: unknown } | null)?.name)
    return key ? [key] : []
  })
}
