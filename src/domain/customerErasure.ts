import type { Fact } from './events.ts'

/**
 * The facts of the log that carry something of one customer: their sign-ins (the whole profile), the orders they
 * placed on the device and the server's answers to them, their checkouts and payment answers, their account edits
 * and the answers to them, the names they gave their SIMs. Given the log in order, so an answer is known as the
 * customer's once the fact it answers went by. Every fact type is classified here (the switch is exhaustive).
 */
export function customersFacts<F extends Fact>(log: Iterable<F>, customerId: number): F[] {
  const theirs = new Set<string>()
  return [...log].filter((fact) => belongsTo(fact, customerId, theirs))
}

function belongsTo(fact: Fact, customerId: number, theirs: Set<string>): boolean {
  switch (fact.type) {
    case 'v1.CustomerSignedIn':
      return fact.payload.user.id === customerId
    case 'v1.OrderPlaced':
      if (fact.payload.customerId !== customerId) return false
      theirs.add(fact.payload.order.id)
      return true
    case 'v1.OrderAcknowledged':
    case 'v1.OrderRejected':
    case 'v1.OrderReturnedToCart':
      return theirs.has(fact.payload.clientId)
    case 'v1.ProfileEdited':
    case 'v1.AddressSaved':
    case 'v1.AddressRemoved':
    case 'v1.DefaultAddressChosen':
      if (fact.payload.customerId !== customerId) return false
      theirs.add(fact.id)
      return true
    case 'v1.AccountEditAcknowledged':
      return fact.payload.user.id === customerId || theirs.has(fact.payload.editId)
    case 'v1.AccountEditRefused':
    case 'v1.AccountRefusalDismissed':
      return theirs.has(fact.payload.editId)
    case 'v1.PaymentCheckoutCreated':
    case 'v1.PaymentResultReceived':
    case 'v1.SimRenamed':
    case 'v1.SimRenameAcknowledged':
    case 'v1.SimRenameRejected':
      return fact.payload.customerId === customerId
    // Facts that name nobody: the cart (the device's, not a customer's), a sign-out, a deletion, a language, an answer to the install offer.
    case 'v1.CartLineAdded':
    case 'v1.CartLineRemoved':
    case 'v1.CartLineRenamed':
    case 'v1.CartCleared':
    case 'v1.CustomerSignedOut':
    case 'v1.AccountDeleted':
    case 'v1.LanguageChosen':
    case 'v1.InstallOfferDeclined':
    case 'v1.InstallHintDismissed':
      return false
    default: {
      const unclassified: never = fact
      return unclassified
    }
  }
}
