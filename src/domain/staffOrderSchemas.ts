import * as v from 'valibot'
import { isLuhnValid } from './luhn.ts'
import { RICA_FAILURES, SimLifeSchema } from './service.ts'
import { ORDER_STAGES, TIMELINE_ACTORS, iccidShape } from './staffOrders.ts'

/**
 * The back office's orders as the staff API reads and answers them: what fulfilment records (dispatch, delivery with
 * the RICA result), how staff find an order, and what its page shows (lines, customer, payments, SIMs and the
 * timeline of every event with its actor). The server validates with these; the staff app imports only their types
 * (its run-time constants are in staffOrders.ts, which imports nothing of the storefront's).
 */

/** An ICCID as printed on a South African SIM, its last digit the Luhn check digit of the others. */
export const isIccid = (value: string): boolean => iccidShape.test(value) && isLuhnValid(value)

const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max))

/** Dispatch of one SIM: the courier, its tracking reference and the ICCID of the SIM put in the envelope. */
export const DispatchSchema = v.object({
  courier: text(80),
  trackingReference: text(80),
  iccid: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.check(isIccid, 'An ICCID is 19 or 20 digits starting 8927, the last a check digit.'),
  ),
})
export type Dispatch = v.InferOutput<typeof DispatchSchema>

/** Delivery of a dispatched SIM with the RICA result the courier recorded at the door. */
export const DeliverySchema = v.variant('rica', [
  v.object({ rica: v.literal('verified') }),
  v.object({ rica: v.literal('failed'), reason: v.picklist(RICA_FAILURES) }),
])
export type Delivery = v.InferOutput<typeof DeliverySchema>

export const TimelineEntrySchema = v.object({
  at: v.string(),
  /** order.placed, payment.received, payment.refund_due, sim.dispatched, rica.verified, rica.failed, sim.activated, activation.failed, staff.<action>… */
  kind: v.string(),
  actor: v.object({ kind: v.picklist(TIMELINE_ACTORS), name: v.string() }),
  detail: v.record(v.string(), v.nullable(v.union([v.string(), v.number()]))),
})
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>

export const StaffOrderSummarySchema = v.object({
  number: v.string(),
  status: v.string(),
  stage: v.picklist(ORDER_STAGES),
  total_price: v.number(),
  order_date: v.string(),
  email: v.string(),
  sims_waiting: v.number(),
})
export type StaffOrderSummary = v.InferOutput<typeof StaffOrderSummarySchema>

export const StaffOrdersAnswerSchema = v.object({ orders: v.array(StaffOrderSummarySchema), next: v.nullable(v.string()) })

export const StaffOrderSchema = v.object({
  number: v.string(),
  status: v.string(),
  stage: v.picklist(ORDER_STAGES),
  total_price: v.number(),
  order_date: v.string(),
  lines: v.array(v.object({ number: v.number(), name: v.string(), unit_price: v.number(), status: v.string() })),
  customer: v.object({ id: v.number(), name: v.string(), email: v.string() }),
  payments: v.array(
    v.object({
      id: v.string(),
      method: v.string(),
      brand: v.string(),
      amount: v.number(),
      currency: v.string(),
      status: v.string(),
      at: v.string(),
      reconciliation: v.string(),
      refund_reason: v.nullable(v.string()),
    }),
  ),
  /** Every refund asked of the order's payments, oldest first (server/payments/refunds.ts); rand. */
  refunds: v.array(
    v.object({
      amount: v.number(),
      reason: v.string(),
      note: v.string(),
      orderLine: v.nullable(v.number()),
      status: v.picklist(['pending', 'refunded', 'failed']),
      staff: v.nullable(v.string()),
      at: v.string(),
      result: v.nullable(v.string()),
    }),
  ),
  sims: v.array(
    v.object({
      id: v.number(),
      name: v.string(),
      product: v.string(),
      reference: v.string(),
      iccid: v.nullable(v.string()),
      number: v.nullable(v.string()),
      life: SimLifeSchema,
    }),
  ),
  timeline: v.array(TimelineEntrySchema),
})
export type StaffOrder = v.InferOutput<typeof StaffOrderSchema>
