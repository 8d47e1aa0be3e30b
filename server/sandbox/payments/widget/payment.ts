import type { FieldKey } from './checks.ts'

/** What the provider answered a payment with, as far as the widget reads it. */
export interface PaymentAnswer {
  status: number
  data: { redirect?: { url?: unknown }; result?: { parameterErrors?: unknown } } | null
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
