import * as v from 'valibot'
import { StaffOrderSchema, StaffOrdersAnswerSchema } from '../../domain/staffOrders.ts'
import type { Delivery, OrderStage, StaffOrder } from '../../domain/staffOrders.ts'
import { staffApi } from './client.ts'

/** The back office's order calls, each answer checked against the schema the server answers with. */

export async function searchOrders(query: { q?: string; status?: OrderStage; cursor?: string }) {
  return v.parse(StaffOrdersAnswerSchema, await staffApi('GET', '/orders', undefined, query))
}

const path = (number: string) => `/orders/${encodeURIComponent(number)}`

export async function fetchOrder(number: string): Promise<StaffOrder> {
  return v.parse(v.object({ order: StaffOrderSchema }), await staffApi('GET', path(number))).order
}

const RecordedSchema = v.object({ outcome: v.picklist(['applied', 'duplicate']), order: StaffOrderSchema })

/** Dispatch of one SIM: courier, tracking reference and the ICCID as typed (the server drops spaces and checks it). */
export async function recordDispatch(number: string, simId: number, dispatch: { courier: string; trackingReference: string; iccid: string }) {
  return v.parse(RecordedSchema, await staffApi('POST', `${path(number)}/sims/${simId}/dispatch`, dispatch))
}

export async function recordDelivery(number: string, simId: number, delivery: Delivery) {
  return v.parse(RecordedSchema, await staffApi('POST', `${path(number)}/sims/${simId}/delivery`, delivery))
}
