import type { AddressInput } from '../../domain/account.ts'
import type { CartState } from '../../domain/cart.ts'
import { ORDER_STREAM, type Fact, type OrderFact } from '../../domain/events.ts'
import { keepDataOnDevice } from '../../pwa/state.ts'
import { commitWithOutbox } from '../../store/outbox.ts'
import { clearCart } from '../cart/cart.ts'
import { newId } from '../cart/cartIds.ts'
import { ORDER_CREATE, toCreateOrderRequest } from './orderRequest.ts'

/**
 * Records the intent to order: the OrderPlaced fact and its outbox row in one commit, then empties the
 * cart. Sending is the drainer's job, so an order placed offline is the same as one placed online.
 */
export async function placeOrder(customerId: number, cart: CartState, address: AddressInput): Promise<string> {
  const clientId = newId()
  const request = toCreateOrderRequest(clientId, cart, address)
  const now = new Date().toISOString()
  const fact: Fact<Extract<OrderFact, { type: 'v1.OrderPlaced' }>> = {
    type: 'v1.OrderPlaced',
    payload: { order: request.order, customerId },
    id: clientId,
    stream: ORDER_STREAM,
    occurredAt: now,
    v: 1,
  }
  await commitWithOutbox(fact, {
    id: clientId,
    kind: ORDER_CREATE,
    request,
    status: 'pending',
    attempts: 0,
    createdAt: now,
    nextAttemptAt: null,
    lastError: null,
    customerId,
  })
  clearCart()
  // A queued order must survive storage pressure until it is sent.
  void keepDataOnDevice().catch(() => false)
  return clientId
}
