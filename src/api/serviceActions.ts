import * as v from 'valibot'
import { ServiceAnswerSchema, type Service } from '../domain/service.ts'
import { CancellationQuoteSchema, PackagesAnswerSchema, type CancellationQuote, type PackagesAnswer } from '../domain/serviceActions.ts'
import type { RenameSimRequest } from '../domain/simName.ts'
import { answeredAt, type Dated } from './answeredAt.ts'
import { api, getJson, refusalOf, toApiError } from './client.ts'

const servicePath = (serviceId: number) => `/v8/partner/services/id/${serviceId}`

/** One attempt to send a rename: the service as the server now has it, a refusal, or no answer at all. */
export type RenameResult =
  | { kind: 'renamed'; service: Service; fetchedAt: string }
  | { kind: 'refused'; status: number; error: string; retryAfterMs: number | null }
  | { kind: 'no-answer'; error: string }

const RefusalSchema = v.object({ error: v.string() })

/** POST /v8/partner/services/id/{id}/name with the rename's id as Idempotency-Key: a repeat renames nothing twice. */
export async function renameSim(serviceId: number, request: RenameSimRequest): Promise<RenameResult> {
  try {
    const reply = await api.raw(`${servicePath(serviceId)}/name`, { method: 'POST', body: request, headers: { 'Idempotency-Key': request.id } })
    return { kind: 'renamed', service: v.parse(ServiceAnswerSchema, reply._data).service, fetchedAt: answeredAt(reply.headers.get('date')) }
  } catch (e) {
    // A 2xx we cannot read (a proxy's page) is refused as 502: asked again later, the key keeps it one rename.
    const failure = refusalOf(e, RefusalSchema)
    if (failure.kind === 'no-answer') return failure
    const { status, body, retryAfterMs } = failure
    return { kind: 'refused', status, error: body?.error ?? '', retryAfterMs }
  }
}

/** GET …/packages: the SIM's package, its price now, the date a change would take effect and the packages of its kind. */
export const fetchPackages = (serviceId: number): Promise<PackagesAnswer> => getJson(`${servicePath(serviceId)}/packages`, PackagesAnswerSchema)

/** GET …/cancellation: when the SIM would end and what ends with it. */
export const fetchCancellationQuote = (serviceId: number): Promise<CancellationQuote> =>
  getJson(`${servicePath(serviceId)}/cancellation`, CancellationQuoteSchema)

/** A change to the service, answered with the service as it stands now (its scheduled actions included). */
async function change(path: string, method: 'POST' | 'DELETE', body?: unknown): Promise<Dated<Service>> {
  try {
    const reply = await api.raw(path, { method, ...(body === undefined ? {} : { body }) })
    return { body: v.parse(ServiceAnswerSchema, reply._data).service, fetchedAt: answeredAt(reply.headers.get('date')) }
  } catch (e) {
    throw toApiError(e)
  }
}

/** POST …/package: moves the SIM to the package from the start of its next bill cycle. */
export const schedulePackage = (serviceId: number, productId: number): Promise<Dated<Service>> =>
  change(`${servicePath(serviceId)}/package`, 'POST', { product_id: productId })

/** POST …/cancellation: a monthly SIM ends with its bill cycle, a prepaid one at once. */
export const cancelService = (serviceId: number): Promise<Dated<Service>> => change(`${servicePath(serviceId)}/cancellation`, 'POST', {})

/** DELETE …/scheduled_actions/{actionId}: takes back a scheduled action before its date. */
export const undoScheduledAction = (serviceId: number, actionId: number): Promise<Dated<Service>> =>
  change(`${servicePath(serviceId)}/scheduled_actions/${actionId}`, 'DELETE')
