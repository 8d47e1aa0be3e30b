import * as v from 'valibot'
import { BundlesAnswerSchema, type Bundle } from '../domain/bundle.ts'
import { OrderSchema, type Order } from '../domain/order.ts'
import { answeredAt, type Dated } from './answeredAt.ts'
import { api, getJson, toApiError } from './client.ts'

const bundlesPath = (serviceId: number) => `/v8/partner/services/id/${serviceId}/bundles`

/** GET /v8/partner/services/id/{id}/bundles: what the SIM can buy. */
export async function fetchBundles(serviceId: number): Promise<Bundle[]> {
  return (await getJson(bundlesPath(serviceId), BundlesAnswerSchema)).bundles
}

/**
 * POST /v8/partner/services/id/{id}/bundles with the purchase's key as its id and Idempotency-Key: a repeat starts
 * nothing new. The answer is the unpaid order that buys the bundle.
 */
export async function buyBundle(serviceId: number, bundleId: string, key: string): Promise<Dated<Order>> {
  try {
    const reply = await api.raw(bundlesPath(serviceId), {
      method: 'POST',
      headers: { 'Idempotency-Key': key },
      body: { purchase: { id: key, bundle_id: bundleId } },
    })
    return { body: v.parse(OrderSchema, reply._data), fetchedAt: answeredAt(reply.headers.get('date')) }
  } catch (e) {
    throw toApiError(e)
  }
}
