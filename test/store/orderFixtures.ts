import type { Order } from '../../src/domain/order.ts'
import { ORDER_CREATE, toCreateOrderRequest } from '../../src/features/orders/orderRequest.ts'
import { commitWithOutbox, queuedRow } from '../../src/outbox/table.ts'
import { fact, line } from './fixtures.ts'

export const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }

let n = 0
/** A fresh client id (a UUID, as the device makes them). */
export const uuid = () => `0b9f7c1e-2c4a-4a51-9a8e-${String(++n).padStart(12, '0')}`

/** Places an order on the device as the app does: the OrderPlaced fact and its outbox row in one write. */
export async function placeQueuedOrder(customerId: number, clientId = uuid()): Promise<string> {
  const request = toCreateOrderRequest(clientId, { order_lines: [line('a')], total: 299 }, address)
  await commitWithOutbox(fact('v1.OrderPlaced', { order: request.order, customerId }, clientId), queuedRow(clientId, ORDER_CREATE, request, customerId))
  return clientId
}

/** The order the server answers with. */
export const serverOrder = (id: number): Order => ({
  id,
  order_id: id,
  number: `SO-${String(id).padStart(6, '0')}`,
  order_number: null,
  status: 'Payment not Completed',
  orderDate: '2026-03-01T08:00:00Z',
  order_date: null,
  total_price: 299,
  order_lines: [],
})
