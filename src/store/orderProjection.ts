import { isOrderFact } from '../domain/events.ts'
import { applyOrderFact, noLocalOrders, ORDERS_PROJECTION_VERSION, withoutCustomerOrders, type LocalOrders } from '../domain/orderProjection.ts'
import type { Projection } from './projection.ts'

/** The orders placed on this device, so a waiting order shows at once and after a reload offline. */
export const orderProjection: Projection<LocalOrders> = {
  name: 'orders',
  version: ORDERS_PROJECTION_VERSION,
  table: 'orders',
  initial: noLocalOrders,
  apply: (state, fact) => {
    if (isOrderFact(fact)) return applyOrderFact(state, fact)
    return fact.type === 'v1.AccountDeleted' ? withoutCustomerOrders(state, fact.payload.customerId) : state
  },
}
