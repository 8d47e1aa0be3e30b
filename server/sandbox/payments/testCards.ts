import type { CardBrand } from '../../../src/domain/cards.ts'

/** A result as the provider reports it: the code says what happened, the description is the provider's own wording. */
export interface SandboxResult {
  code: string
  description: string
}

/** The provider's published results the sandbox answers with (descriptions keep the provider's capitalisation). */
export const sandboxResults = {
  integratorTest: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  succeeded: { code: '000.000.000', description: 'Transaction succeeded' },
  frictionless: { code: '000.400.110', description: 'Authentication successful (frictionless flow)' },
  pending: { code: '000.200.000', description: 'transaction pending' },
  checkoutCreated: { code: '000.200.100', description: 'successfully created checkout' },
  authenticationFailed: { code: '100.380.401', description: 'User Authentication Failed' },
  invalidCard: { code: '800.100.151', description: 'transaction declined (invalid card)' },
  declined: { code: '800.100.152', description: 'transaction declined by authorization system' },
  invalidAuthentication: { code: '800.900.300', description: 'invalid authentication information' },
  noRights: { code: '800.900.301', description: 'user authorization failed, user has no sufficent rights to process transaction' },
  invalidParameter: { code: '200.300.404', description: 'invalid or missing parameter' },
  noSession: { code: '200.300.404', description: 'No payment session found for the requested id' },
  queried: { code: '000.000.100', description: 'successful request' },
  noTransaction: { code: '700.400.580', description: 'cannot find transaction' },
} as const satisfies Record<string, SandboxResult>

/** How a test card's payment goes: a final result at once, a bank challenge first, or pending for a while. */
export type CardFlow = 'result' | 'challenge' | 'pending'

export interface SandboxTestCard {
  number: string
  brand: CardBrand
  /** What a tester sees, for the docs’ tables (docs/features.md). */
  outcome: 'success' | '3-D Secure challenge' | 'pending' | 'rejected'
  flow: CardFlow
  /** The result the payment ends with (for the challenge card: when the tester approves). */
  result: SandboxResult
  note?: string
}

/** The sandbox's test cards: the card number picks the outcome, as on the real provider's test system. */
export const sandboxTestCards: readonly SandboxTestCard[] = [
  { number: '4200000000000000', brand: 'VISA', outcome: 'success', flow: 'result', result: sandboxResults.integratorTest },
  { number: '5454545454545454', brand: 'MASTER', outcome: 'success', flow: 'result', result: sandboxResults.succeeded },
  { number: '6011111111111117', brand: 'DISCOVER', outcome: 'success', flow: 'result', result: sandboxResults.frictionless },
  {
    number: '4000000000000002',
    brand: 'VISA',
    outcome: '3-D Secure challenge',
    flow: 'challenge',
    result: sandboxResults.succeeded,
    note: `Approve gives ${sandboxResults.succeeded.code}; Decline gives ${sandboxResults.authenticationFailed.code} "${sandboxResults.authenticationFailed.description}".`,
  },
  {
    number: '4000000000000200',
    brand: 'VISA',
    outcome: 'pending',
    flow: 'pending',
    result: sandboxResults.succeeded,
    note: `Reports ${sandboxResults.pending.code} "${sandboxResults.pending.description}" until it settles (15 s by default).`,
  },
  { number: '4000000000000051', brand: 'VISA', outcome: 'rejected', flow: 'result', result: sandboxResults.invalidCard },
]

/** Any other valid card is declined, so a typo never passes for a test card. */
export const otherCardResult: SandboxResult = sandboxResults.declined

export function testCardFor(number: string): SandboxTestCard | undefined {
  return sandboxTestCards.find((card) => card.number === number)
}
