/**
 * The back office's orders, as the staff app needs them at run time: the stages an order is listed by, who acts on a
 * timeline, fulfilment's refusals and the ICCID's printed shape. Nothing is imported, so the staff app's chunks never
 * pull the storefront's (whose shared modules start the customer's app). The schemas the server checks and answers
 * with, and the types both sides share, are in staffOrderSchemas.ts.
 */

/** Where an order stands for staff; `to_dispatch` (paid, a SIM waiting to be sent) is listed first. */
export const ORDER_STAGES = ['to_dispatch', 'on_its_way', 'unpaid', 'paid', 'cancelled'] as const
export type OrderStage = (typeof ORDER_STAGES)[number]

/** An ICCID as printed on a South African SIM (ITU-T E.118): 89 27, then digits, 19 or 20 in all (the last a Luhn check digit, checked by the server). */
export const iccidShape = /^8927\d{15,16}$/

/** Who did what on an order's timeline: the customer, the system (payments, reconciliation, the outbox), the network or a staff member. */
export const TIMELINE_ACTORS = ['customer', 'system', 'network', 'staff'] as const
export type TimelineActor = (typeof TIMELINE_ACTORS)[number]

/** Why fulfilment's record was refused, for the staff app to say in the member's language. */
export const FULFILMENT_REFUSALS = [
  'iccid_invalid',
  'not_found',
  'iccid_taken',
  'not_dispatchable',
  'already_dispatched',
  'not_on_its_way',
  'already_delivered',
] as const
export type FulfilmentRefusal = (typeof FULFILMENT_REFUSALS)[number]
