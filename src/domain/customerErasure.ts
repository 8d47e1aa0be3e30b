import type { Fact } from './events.ts'

/**
 * The facts of the log that carry something of one customer: their sign-ins (the whole profile), the orders they
 * placed on the device and the server's answers to them, their checkouts and payment answers. Given the log in
 * order, so an order's answers are known as the order's once its OrderPlaced went by.
 */
export function customersFacts<F extends Fact>(log: Iterable<F>, customerId: number): F[] {
  const orders = new Set<string>()
  return [...log].filter((fact) => belongsTo(fact, customerId, orders))
}

function belongsTo(fact: Fact, customerId: number, orders: Set<string>): boolean {
  switch (fact.type) {
    case 'v1.CustomerSignedIn':
      return fact.payload.user.id === customerId
    case 'v1.OrderPlaced':
      if (fact.payload.customerId !== customerId) return false
      orders.add(fact.payload.order.id)
      return true
    case 'v1.OrderAcknowledged':
    case 'v1.OrderRejected':
    case 'v1.OrderReturnedToCart':
      return orders.has(fact.payload.clientId)
    case 'v1.PaymentCheckoutCreated':
    case 'v1.PaymentResultReceived':
      return fact.payload.customerId === customerId
    default:
      return false
  }
}
