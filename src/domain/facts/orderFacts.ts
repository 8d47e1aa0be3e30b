import * as v from 'valibot'
import type { Address } from '../account.ts'
import type { OrderLine } from '../cartState.ts'
import { CreateOrderRequestSchema, type Order, OrderSchema } from '../order.ts'
import { defineFact, defineFamily, factKey, type FactOf, type FactStamp } from './family.ts'

const facts = {
  /** The fact id of OrderPlaced is the order's client id and Idempotency-Key. */
  'v1.OrderPlaced': defineFact('orders', v.object({ order: CreateOrderRequestSchema.entries.order, customerId: v.number() })),
  'v1.OrderAcknowledged': defineFact('orders', v.object({ clientId: factKey, order: OrderSchema })),
  'v1.OrderRejected': defineFact('orders', v.object({ clientId: factKey, reason: v.string(), status: v.nullable(v.number()) })),
  'v1.OrderReturnedToCart': defineFact('orders', v.object({ clientId: factKey })),
}

export type OrderFact = FactOf<typeof facts>

/** Where a locally placed order stands: not yet answered, answered by the server, or refused by it. */
export type LocalOrderState = 'waiting' | 'sent' | 'rejected'

/** An order placed on this device, as the log tells it. */
export interface LocalOrder {
  /** The client order id: the OrderPlaced fact id and the Idempotency-Key. */
  clientId: string
  customerId: number
  placedAt: string
  state: LocalOrderState
  lines: OrderLine[]
  total: number
  deliveryAddress: Address
  /** The server's order once acknowledged. */
  server: Order | null
  /** Why the server refused it (its own error text). */
  reason: string | null
  returnedToCart: boolean
}

export interface LocalOrders {
  orders: LocalOrder[]
}

export const noLocalOrders = (): LocalOrders => ({ orders: [] })

const update = (state: LocalOrders, clientId: string, change: (o: LocalOrder) => LocalOrder): LocalOrders => ({
  orders: state.orders.map((o) => (o.clientId === clientId ? change(o) : o)),
})

/** Pure fold of one order fact into the device's orders. */
export function applyOrderFact(state: LocalOrders, fact: OrderFact & FactStamp): LocalOrders {
  switch (fact.type) {
    case 'v1.OrderPlaced': {
      const { order, customerId } = fact.payload
      if (state.orders.some((o) => o.clientId === order.id)) return state
      const placed: LocalOrder = {
        clientId: order.id,
        customerId,
        placedAt: fact.occurredAt,
        state: 'waiting',
        lines: order.order_lines,
        total: order.total,
        deliveryAddress: order.deliveryAddress,
        server: null,
        reason: null,
        returnedToCart: false,
      }
      return { orders: [placed, ...state.orders] }
    }
    case 'v1.OrderAcknowledged':
      // An answer always wins: a late success after a rejection means the server did create it.
      return update(state, fact.payload.clientId, (o) => ({ ...o, state: 'sent', server: fact.payload.order, reason: null }))
    case 'v1.OrderRejected':
      return update(state, fact.payload.clientId, (o) => (o.state === 'sent' ? o : { ...o, state: 'rejected', reason: fact.payload.reason }))
    case 'v1.OrderReturnedToCart':
      return update(state, fact.payload.clientId, (o) => ({ ...o, returnedToCart: true }))
  }
}

/** The customer deleted their account: the orders they placed on this device are forgotten with them. */
export const withoutCustomerOrders = (state: LocalOrders, customerId: number): LocalOrders => ({
  orders: state.orders.filter((o) => o.customerId !== customerId),
})

/** The server's answers to an order are the customer's when the order is. */
const answer = { answers: (fact: { payload: { clientId: string } }) => fact.payload.clientId }

export const orderFamily = defineFamily({
  stream: 'orders',
  facts,
  erasure: {
    'v1.OrderPlaced': { customer: (fact) => fact.payload.customerId, opens: (fact) => fact.payload.order.id },
    'v1.OrderAcknowledged': answer,
    'v1.OrderRejected': answer,
    'v1.OrderReturnedToCart': answer,
  },
  projection: {
    name: 'orders',
    version: 1,
    table: 'orders',
    since: 3,
    initial: noLocalOrders,
    streams: ['orders'],
    apply: applyOrderFact,
    forget: withoutCustomerOrders,
  },
})
