import * as v from 'valibot'
import { CartLineSchema } from '../src/domain/order.ts'
import type { CartEvent } from './cart.events.ts'

// Beside cart.events.ts, not in it: that file ships at boot with the cart machine, and these schemas need not.

const StampSchema = v.object({ factId: v.pipe(v.string(), v.nonEmpty()), occurredAt: v.pipe(v.string(), v.isoTimestamp()) })
const CartSchema = v.object({ order_lines: v.array(CartLineSchema), total: v.number() })

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const cartEventSchemas = {
  'cart.line.add': v.object({ line: CartLineSchema, ...StampSchema.entries }),
  'cart.line.remove': v.object({ cart_id: v.pipe(v.string(), v.nonEmpty()), ...StampSchema.entries }),
  'cart.line.rename': v.object({ cart_id: v.pipe(v.string(), v.nonEmpty()), friendly_name: v.string(), ...StampSchema.entries }),
  'cart.clear': StampSchema,
  'cart.synced': v.object({ cart: CartSchema }),
} satisfies Record<CartEvent['type'], v.GenericSchema>
