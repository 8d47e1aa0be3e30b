import { ofetch, FetchError } from 'ofetch'
import * as v from 'valibot'
import { config } from '../config.ts'
import { answeredAt, type Dated } from './answeredAt.ts'

/** The one client for the backend: base /api, the application Key header, JSON both ways. */
export const api = ofetch.create({
  baseURL: config.apiBase,
  headers: { Key: config.apiKey, Accept: 'application/json' },
  credentials: 'same-origin',
  retry: 0,
  timeout: 15_000,
})

/** A failed call, reduced to what the UI can show: the status, the server's own error text and the id it answered under. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** The answer's X-Request-Id, which the customer can quote to support; none when no answer came. */
    readonly requestId?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

const ErrorBody = v.object({ error: v.string() })

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e
  if (e instanceof FetchError) {
    const body = v.safeParse(ErrorBody, e.data)
    const requestId = e.response?.headers.get('x-request-id') ?? undefined
    return new ApiError(body.success ? body.output.error : e.message, e.status, requestId)
  }
  return new ApiError(e instanceof Error ? e.message : String(e), undefined)
}

/** GET a path and validate the answer at the edge, so callers get typed, trusted data. */
export async function getJson<S extends v.GenericSchema>(path: string, schema: S): Promise<v.InferOutput<S>> {
  try {
    return v.parse(schema, await api(path, { method: 'GET' }))
  } catch (e) {
    throw toApiError(e)
  }
}

/** GET a path like getJson, also saying when the answer was made, for "Last updated" on cached screens. */
export async function getDatedJson<S extends v.GenericSchema>(path: string, schema: S): Promise<Dated<v.InferOutput<S>>> {
  try {
    const reply = await api.raw(path, { method: 'GET' })
    return { body: v.parse(schema, reply._data), fetchedAt: answeredAt(reply.headers.get('date')) }
  } catch (e) {
    throw toApiError(e)
  }
}
