import { randomBytes } from 'node:crypto'
import type { ValidCard } from './cards.ts'
import { sandboxResults } from './testCards.ts'
import type { SandboxResult } from './testCards.ts'

/** Like the real provider's: a checkout lives 30 minutes, and a payment can be read for 30 minutes after it was made. */
export const checkoutLifeMs = 30 * 60 * 1000
/** A bound on memory however many checkouts a test run or a demo creates; the oldest go first. */
const maxCheckouts = 10_000

export interface Customer {
  givenName?: string
  surname?: string
  email?: string
}

/** How a payment ends: a result now, a result once the bank challenge is answered, or success after a wait. */
export type Outcome = { kind: 'result'; result: SandboxResult } | { kind: 'challenge' } | { kind: 'pending'; settlesAt: number }

export interface Payment {
  id: string
  brand: string
  card?: Omit<ValidCard, 'number' | 'brand'> & { bin: string; last4Digits: string }
  submittedAt: number
  shopperResultUrl: string
  outcome: Outcome
  /** The shopper's browser language as the widget sent it (`customer.browser.language`), for the bank's page. */
  browserLanguage?: string
}

export interface Checkout {
  id: string
  amount: string
  currency: string
  merchantTransactionId: string
  customer: Customer
  createdAt: number
  payment?: Payment
}

export const newCheckoutId = () => `${randomBytes(16).toString('hex').toUpperCase()}.sandbox01`
export const newPaymentId = () => randomBytes(16).toString('hex')

export class CheckoutStore {
  private readonly checkouts = new Map<string, Checkout>()

  constructor(private readonly now: () => number) {}

  add(checkout: Omit<Checkout, 'id' | 'createdAt'>): Checkout {
    this.prune()
    const made: Checkout = { ...checkout, id: newCheckoutId(), createdAt: this.now() }
    this.checkouts.set(made.id, made)
    return made
  }

  /** The checkout, or undefined when unknown or expired. */
  get(id: string): Checkout | undefined {
    const found = this.checkouts.get(id)
    if (!found) return undefined
    if (this.expired(found)) {
      this.checkouts.delete(id)
      return undefined
    }
    return found
  }

  private expired(c: Checkout): boolean {
    return this.now() >= Math.max(c.createdAt, c.payment?.submittedAt ?? 0) + checkoutLifeMs
  }

  private prune() {
    for (const [id, c] of this.checkouts) if (this.expired(c)) this.checkouts.delete(id)
    // Maps iterate in insertion order, so the first keys are the oldest checkouts.
    for (const id of this.checkouts.keys()) {
      if (this.checkouts.size < maxCheckouts) break
      this.checkouts.delete(id)
    }
  }
}

/** The result a payment reports at this moment. */
export function resultAt(payment: Payment, now: number): SandboxResult {
  const { outcome } = payment
  if (outcome.kind === 'result') return outcome.result
  if (outcome.kind === 'pending' && now >= outcome.settlesAt) return sandboxResults.succeeded
  return sandboxResults.pending
}
