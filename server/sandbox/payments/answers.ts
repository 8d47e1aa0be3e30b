import { randomBytes } from 'node:crypto'
import type { Customer, Payment } from './store.ts'
import type { SandboxResult } from './testCards.ts'

/** Fixed per process, as a deployed provider build is. */
const buildNumber = `sandbox-${randomBytes(10).toString('hex')}@${new Date().toISOString().slice(0, 19).replace('T', ' ')} +0000`

/** The provider's timestamp format: "2025-05-14 10:35:12+0000". */
export function timestamp(now: number): string {
  return `${new Date(now).toISOString().slice(0, 19).replace('T', ' ')}+0000`
}

/** What every provider answer carries besides its result. */
export function envelope(now: number, ndc: string = randomBytes(16).toString('hex')) {
  return { buildNumber, timestamp: timestamp(now), ndc }
}

export function failure(result: SandboxResult, now: number, extra: Record<string, unknown> = {}) {
  return { result: { ...result, ...extra }, ...envelope(now) }
}

/** The provider's HTTP status for a result: 200 for successful and pending payments, 400 for rejected ones. */
export function statusFor(code: string): 200 | 400 {
  return /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.1[12]0|000\.200)/.test(code) ? 200 : 400
}

export interface PaymentFacts {
  payment: Payment
  result: SandboxResult
  amount: string
  currency: string
  merchantTransactionId: string
  customer: Customer
  ndc: string
  now: number
}

/** The provider's payment object (GET /v1/checkouts/{id}/payment, POST /v1/payments). */
export function paymentObject(f: PaymentFacts) {
  return {
    id: f.payment.id,
    paymentType: 'DB',
    paymentBrand: f.payment.brand,
    amount: f.amount,
    currency: f.currency,
    descriptor: descriptorOf(f.payment.id),
    merchantTransactionId: f.merchantTransactionId,
    result: { code: f.result.code, description: f.result.description },
    resultDetails: {},
    ...(f.payment.card ? { card: f.payment.card } : {}),
    customer: f.customer,
    ...envelope(f.now, f.ndc),
  }
}

/** What the shopper's statement would read: "1234.5678.9012 Sandbox_Channel", stable per payment. */
function descriptorOf(paymentId: string): string {
  const digits = paymentId.replace(/[a-f]/g, (ch) => String(ch.charCodeAt(0) - 97)).slice(0, 12)
  return `${digits.slice(0, 4)}.${digits.slice(4, 8)}.${digits.slice(8, 12)} Sandbox_Channel`
}
