import type { Delivery, StaffOrder, StaffOrderSummary } from '../../domain/staffOrderSchemas.ts'
import type { OrderStage } from '../../domain/staffOrders.ts'
import { staffApi } from './client.ts'

/**
 * The back office's order calls. The answers are the staff API's own (server/routes/staff/orders.ts checks them
 * against src/domain/staffOrderSchemas.ts in its tests); the schemas stay out of the staff app, whose chunks must not
 * pull the storefront's modules they import.
 */

export const searchOrders = (query: { q?: string; status?: OrderStage; cursor?: string }) =>
  staffApi<{ orders: StaffOrderSummary[]; next: string | null }>('GET', '/orders', undefined, query)

const path = (number: string) => `/orders/${encodeURIComponent(number)}`

export const fetchOrder = async (number: string): Promise<StaffOrder> => (await staffApi<{ order: StaffOrder }>('GET', path(number))).order

type Recorded = { outcome: 'applied' | 'duplicate'; order: StaffOrder }

/** Dispatch of one SIM: courier, tracking reference and the ICCID as typed (the server drops spaces and checks its check digit). */
export const recordDispatch = (number: string, simId: number, dispatch: { courier: string; trackingReference: string; iccid: string }) =>
  staffApi<Recorded>('POST', `${path(number)}/sims/${simId}/dispatch`, dispatch)

export const recordDelivery = (number: string, simId: number, delivery: Delivery) =>
  staffApi<Recorded>('POST', `${path(number)}/sims/${simId}/delivery`, delivery)
