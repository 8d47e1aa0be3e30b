import { BillingAnswerSchema, type BillCycle } from '../domain/billing.ts'
import { ServiceAnswerSchema, ServicesAnswerSchema, type Service } from '../domain/service.ts'
import type { Dated } from './answeredAt.ts'
import { getDatedJson } from './client.ts'

/** GET /v8/partner/services/{user_id}: the customer's SIM services. */
export async function fetchServices(userId: number): Promise<Dated<Service[]>> {
  const { body, fetchedAt } = await getDatedJson(`/v8/partner/services/${userId}`, ServicesAnswerSchema)
  return { body: body.services, fetchedAt }
}

/** GET /v8/partner/services/id/{id}: one service with its balances or usage. */
export async function fetchService(id: string | number): Promise<Dated<Service>> {
  const { body, fetchedAt } = await getDatedJson(`/v8/partner/services/id/${encodeURIComponent(String(id))}`, ServiceAnswerSchema)
  return { body: body.service, fetchedAt }
}

/** GET /v4/partner/billing/info/3/{userId}/ (the 3 is a fixed segment): account-level bill cycles, oldest first. */
export async function fetchBilling(userId: number): Promise<Dated<BillCycle[]>> {
  const { body, fetchedAt } = await getDatedJson(`/v4/partner/billing/info/3/${userId}/`, BillingAnswerSchema)
  return { body: body.bill_cycles.account_level, fetchedAt }
}
