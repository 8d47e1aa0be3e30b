import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RicaFailure, SimLife } from '../../domain/service.ts'
import type { FulfilmentRefusal, OrderStage, TimelineActor } from '../../domain/staffOrders.ts'

/** What the order screens call each stage, life state, RICA failure and timeline event, in the member's language. */

export const stageText: Record<OrderStage, MessageDescriptor> = {
  to_dispatch: msg`Waiting to be sent`,
  on_its_way: msg`On its way`,
  unpaid: msg`Not paid`,
  paid: msg`Paid`,
  cancelled: msg`Cancelled`,
}

export const lifeText: Record<SimLife, MessageDescriptor> = {
  preparing: msg`Being prepared`,
  on_its_way: msg`On its way`,
  rica_failed: msg`RICA failed`,
  returned: msg`Returned`,
  activating: msg`Activating on the network`,
  active: msg`Active`,
}

/** Why RICA can fail, in the order the form offers them (every one: the record is typed by the domain's list). */
export const ricaFailureText: Record<RicaFailure, MessageDescriptor> = {
  not_present: msg`The customer was not there`,
  document_mismatch: msg`The identity document did not match`,
  proof_of_address: msg`No proof of address`,
  other: msg`Another reason`,
}

export const actorText: Record<TimelineActor, MessageDescriptor> = {
  customer: msg`Customer`,
  system: msg`System`,
  network: msg`Network`,
  staff: msg`Staff`,
}

const eventTexts: Record<string, MessageDescriptor> = {
  'order.placed': msg`Order placed`,
  'payment.received': msg`Payment received`,
  'payment.refund_due': msg`Payment owed back`,
  'sim.dispatched': msg`SIM dispatched`,
  'rica.verified': msg`Delivered: RICA verified`,
  'rica.failed': msg`Delivered: RICA failed`,
  'activation.queued': msg`Activation sent to the network`,
  'activation.failed': msg`Activation failed`,
  'sim.activated': msg`SIM activated`,
  'sim.returned': msg`SIM returned`,
  'sim.suspended': msg`SIM suspended`,
  'sim.resumed': msg`SIM resumed`,
  'sim.cancelled': msg`SIM cancelled`,
}

/** What a timeline event's details are, by their key in the answer (currency goes with the amount). */
export const detailText: Record<string, MessageDescriptor> = {
  order: msg`Order`,
  sim: msg`SIM`,
  iccid: msg`ICCID`,
  courier: msg`Courier`,
  tracking_reference: msg`Tracking reference`,
  attempt: msg`Delivery attempt`,
  reason: msg`Reason`,
  msisdn: msg`Mobile number`,
  method: msg`Method`,
  brand: msg`Brand`,
  amount: msg`Amount`,
  error: msg`Error`,
}

/** A timeline event's name; a staff action this screen has no name for shows its action (e.g. staff.refund.make). */
export const eventText = (kind: string): MessageDescriptor | string => eventTexts[kind] ?? kind

export const refusalText: Record<FulfilmentRefusal, MessageDescriptor> = {
  iccid_invalid: msg`This ICCID’s check digit is wrong: a digit was mistyped. Check the number on the SIM card.`,
  not_found: msg`This SIM is not on this order.`,
  iccid_taken: msg`This ICCID is already on another SIM. Check the number on the SIM card.`,
  not_dispatchable: msg`This SIM is past dispatch.`,
  already_dispatched: msg`This SIM was already dispatched with other details.`,
  not_on_its_way: msg`This SIM has not been dispatched yet.`,
  already_delivered: msg`A different delivery was already recorded for this SIM.`,
}

export const ricaFailures = Object.keys(ricaFailureText) as RicaFailure[]
