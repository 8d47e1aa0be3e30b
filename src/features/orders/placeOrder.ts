import type { AddressInput } from '../../domain/account.ts'
import type { CartState } from '../../domain/cartState.ts'
import { makeFact } from '../../domain/events.ts'
import { keepDataOnDevice } from '../../pwa/state.ts'
import { commitWithOutbox, queuedRow } from '../../outbox/table.ts'
import { newId } from '../../lib/ids.ts'
import { ORDER_CREATE, toCreateOrderRequest } from './orderRequest.ts'

/**
 * Records the intent to order: the OrderPlaced fact, the cart emptied and the outbox row in one transaction, so a
 * page that unloads keeps either the cart or the queued order, never both nor neither (the cart actor adopts the
 * emptied cart as it adopts another tab's). Sending is the drainer's job, so an order placed offline is the same
 * as one placed online.
 */
export async function placeOrder(customerId: number, cart: CartState, address: AddressInput): Promise<string> {
  const clientId = newId()
  const request = toCreateOrderRequest(clientId, cart, address)
  const now = new Date()
  const fact = makeFact('v1.OrderPlaced', { order: request.order, customerId }, { id: clientId, occurredAt: now.toISOString() })
  const emptied = makeFact('v1.CartCleared', {}, { id: newId(), occurredAt: now.toISOString() })
  await commitWithOutbox([fact, emptied], queuedRow(clientId, ORDER_CREATE, request, customerId, now))
  // A queued order must survive storage pressure until it is sent.
  void keepDataOnDevice().catch(() => false)
  return clientId
}
