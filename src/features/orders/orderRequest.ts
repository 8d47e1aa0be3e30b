import * as v from 'valibot'
import { AddressSchema, type AddressInput } from '../../domain/account.ts'
import type { CartState } from '../../domain/cartState.ts'
import { CreateOrderRequestSchema, DELIVERY_DEFAULTS, PARTNER, type CreateOrderRequest } from '../../domain/order.ts'

/** The create-order POST body from the cart and a delivery address; throws when either is not valid. */
export function toCreateOrderRequest(clientId: string, cart: CartState, address: AddressInput): CreateOrderRequest {
  return v.parse(CreateOrderRequestSchema, {
    order: {
      id: clientId,
      order_lines: cart.order_lines,
      // Summed again from the lines, so the total always matches what is sent.
      total: Math.round(cart.order_lines.reduce((sum, l) => sum + l.unit_price, 0) * 100) / 100,
      deliveryAddress: v.parse(AddressSchema, address),
      delivery: { ...DELIVERY_DEFAULTS },
      partner: { ...PARTNER },
    },
  })
}

/** Outbox kind of a queued order. */
export const ORDER_CREATE = 'order.create'
