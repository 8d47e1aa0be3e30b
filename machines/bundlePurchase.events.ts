import * as v from 'valibot'
import { BundleIdSchema, type Bundle } from '../src/domain/bundle.ts'
import type { Order } from '../src/domain/order.ts'
import type { CallFailure } from './failure.ts'

export type { Bundle, Order }

/** Intents and outside news the bundle purchase (ADD VAS) accepts: dotted, present tense. */
export type BundlePurchaseEvent =
  /** The customer picks one of the SIM's bundles. */
  | { type: 'bundle.choose'; bundleId: string }
  /** Buy the chosen bundle; `key` is a new Idempotency-Key made by the sender, used unless a try of this choice has one. */
  | { type: 'bundle.buy'; key: string }
  /** Ask for the SIM's bundles again after they could not be loaded. */
  | { type: 'bundle.retry' }
  | { type: 'bundle.connection.lost' }
  | { type: 'bundle.connection.restored' }

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const bundlePurchaseEventSchemas = {
  'bundle.choose': v.object({ bundleId: BundleIdSchema }),
  'bundle.buy': v.object({ key: v.pipe(v.string(), v.uuid()) }),
  'bundle.retry': v.object({}),
  'bundle.connection.lost': v.object({}),
  'bundle.connection.restored': v.object({}),
} satisfies Record<BundlePurchaseEvent['type'], v.GenericSchema>

// union and literals rather than boolean: valibot is one chunk shared with the storefront's first load.
const OnlineSchema = v.union([v.literal(true), v.literal(false)])

/** Where the purchase starts: the SIM's page, online or not. */
export const BundlePurchaseInputSchema = v.object({ serviceId: v.pipe(v.number(), v.integer(), v.minValue(1)), online: OnlineSchema })
export type BundlePurchaseInput = v.InferOutput<typeof BundlePurchaseInputSchema>

/** Why a call failed: the server's refusal and its status, or no answer at all (status undefined). */
export type BundleFailure = CallFailure

/** What the purchase asks the server to start: this bundle for this SIM, once per key. */
export interface BundleRequest {
  serviceId: number
  bundleId: string
  key: string
}
