import * as v from 'valibot'
import { AddressSchema } from './account.ts'
import { OrderBundleSchema } from './bundle.ts'
import { SimLifeSchema } from './service.ts'
import { MAX_FIELD_LENGTH, MAX_NOTE_LENGTH, MAX_PRODUCT_ID, storableText, unsavable } from './storable.ts'

/**
 * Orders: the create-order body, the server's order object and the status looks (initial, cancelled,
 * approved). Shared unchanged by the client, the server and the machines.
 */

/** A new order's status; paying is offered only in this state. */
export const ORDER_STATUS_NEW = 'Payment not Completed'

/** Delivery defaults; time and instructions are not asked for. */
export const DELIVERY_DEFAULTS = {
  type: 'scheduled',
  time: '',
  instructions: '',
  sales_channel: 'WEB',
  rica_type: 'courier',
} as const

/** The sales portal's fixed agent identity sent with every order and payment. */
export const PARTNER = {
  id: 1,
  comments: 'Web storefront',
  agent_email: 'webstore@storefront.co.za',
} as const

/** A text the server keeps (in a column or a jsonb document), so it must be one PostgreSQL can store. */
const kept = (field: string) => v.pipe(v.string(), storableText(unsavable(field)))

/** The same, of at most `max` characters: what the customer types into an order. */
const typed = (field: string, max: number) =>
  v.pipe(v.string(), v.maxLength(max, `${field} must be at most ${max} characters.`), storableText(unsavable(field)))

const ConfigSchema = v.object({ friendly_name: typed('Friendly name', MAX_FIELD_LENGTH), comments: typed('Comments', MAX_NOTE_LENGTH) })

/** Same shape as the cart's ProductConfigs: at least one config, the first holding the friendly name. */
export const ProductConfigsSchema = v.object({
  value_adds: v.array(kept('Value add')),
  configs: v.tupleWithRest([ConfigSchema], ConfigSchema),
})

/** A cart line as sent in an order (src/domain/cartState.ts `OrderLine`). */
export const CartLineSchema = v.object({
  cart_id: kept('Cart id'),
  // Compared with products.id, a PostgreSQL integer.
  product_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PRODUCT_ID)),
  id: v.number(),
  name: kept('Name'),
  unit_price: v.number(),
  image: kept('Image'),
  product_configs: ProductConfigsSchema,
})

export const DeliverySchema = v.object({
  type: kept('Delivery type'),
  time: typed('Delivery time', MAX_FIELD_LENGTH),
  instructions: typed('Delivery instructions', MAX_NOTE_LENGTH),
  sales_channel: kept('Sales channel'),
  rica_type: kept('RICA type'),
})

export const PartnerSchema = v.object({
  id: v.union([v.number(), kept('Partner id')]),
  comments: typed('Partner comments', MAX_NOTE_LENGTH),
  agent_email: kept('Agent email'),
})

/** Body of POST /api/v10/partner/order/{user_id}; `order.id` equals the Idempotency-Key header. */
export const CreateOrderRequestSchema = v.object({
  order: v.object({
    id: v.pipe(v.string(), v.uuid()),
    order_lines: v.pipe(v.array(CartLineSchema), v.minLength(1)),
    total: v.number(),
    deliveryAddress: AddressSchema,
    delivery: DeliverySchema,
    partner: PartnerSchema,
  }),
})
export type CreateOrderRequestInput = v.InferInput<typeof CreateOrderRequestSchema>
export type CreateOrderRequest = v.InferOutput<typeof CreateOrderRequestSchema>

/** A line of an order as the server returns it. */
export const ServerOrderLineSchema = v.object({
  number: v.nullish(v.union([v.number(), v.string()]), null),
  product_id: v.number(),
  name: v.string(),
  unit_price: v.number(),
  status: v.nullish(v.string(), ''),
})
export type ServerOrderLine = v.InferOutput<typeof ServerOrderLineSchema>

/** One SIM an order bought, with where it is in its life (being prepared, on its way, …, active). */
export const OrderSimSchema = v.object({ id: v.number(), name: v.string(), life: SimLifeSchema })
export type OrderSim = v.InferOutput<typeof OrderSimSchema>

/**
 * A refund as the customer's order reply lists it: what came back, when, and why (only refunds made). The reason is
 * read as plain text, so the order's schema imports nothing of refunds at run time (the staff app imports that list; a
 * module both apps import at run time would join the storefront's chunk) and needs no valibot function the
 * storefront's first visit would otherwise carry.
 */
export const OrderRefundSchema = v.object({
  /** Rand, as the order's prices. */
  amount: v.number(),
  /** ISO time the provider confirmed it. */
  refundedAt: v.string(),
  /** One of REFUND_REASONS (RefundReason); any other text reads as "other" (src/features/orders/refundReason.ts). */
  reason: v.string(),
  /** The order line it was for, by number, when it was for one. */
  orderLine: v.optional(v.number()),
})
export type OrderRefund = v.InferOutput<typeof OrderRefundSchema>

/** The server's order object, returned by create, fetch and list. */
export const OrderSchema = v.object({
  id: v.union([v.number(), v.string()]),
  order_id: v.nullish(v.union([v.number(), v.string()])),
  number: v.string(),
  order_number: v.nullish(v.string()),
  status: v.string(),
  orderDate: v.string(),
  order_date: v.nullish(v.string()),
  total_price: v.number(),
  order_lines: v.nullish(v.array(ServerOrderLineSchema), []),
  /** Only on an order that buys a bundle for one of the customer's SIMs (ADD VAS). */
  bundle: v.optional(OrderBundleSchema),
  /** The SIMs a paid order's lines became (fetching one order; absent before payment and on older answers). */
  services: v.optional(v.array(OrderSimSchema)),
  /** What was refunded of the order's payments, oldest first (absent when nothing was). */
  refunds: v.optional(v.array(OrderRefundSchema)),
})
export type Order = v.InferOutput<typeof OrderSchema>

export const OrdersResponseSchema = v.object({ orders: v.array(OrderSchema) })
export type OrdersResponse = v.InferOutput<typeof OrdersResponseSchema>

/** 422 reply when a line's product is no longer sold. */
export const ProductUnavailableSchema = v.object({
  error: v.string(),
  code: v.literal('product_unavailable'),
  product_id: v.number(),
})

export type StatusLook = 'initial' | 'cancelled' | 'approved'

const looks: ReadonlyMap<string, StatusLook> = new Map([
  ['payment not completed', 'initial'],
  ['queued for delivery', 'initial'],
  ['created', 'initial'],
  ['cancelled', 'cancelled'],
  ['order cancelled', 'cancelled'],
  ['active', 'approved'],
])

/** Display group of a status; unknown statuses look initial. */
export function statusLook(status: string): StatusLook {
  return looks.get(status.trim().toLowerCase()) ?? 'initial'
}

/** Paying is offered only for a new order the server has acknowledged. */
export const canPay = (status: string): boolean => status.trim().toLowerCase() === ORDER_STATUS_NEW.toLowerCase()

/** The server's answer when an order names a product no longer sold; the log keeps it, screens translate it. */
export const unavailableText = (name: string): string => `${name} is no longer available.`

/** The product an "is no longer available" answer names, or null for any other text. */
export function unavailableProduct(text: string): string | null {
  return /^(.+) is no longer available\.$/s.exec(text)?.[1] ?? null
}
