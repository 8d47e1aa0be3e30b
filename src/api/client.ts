import { ofetch, FetchError } from 'ofetch'
import * as v from 'valibot'
import { config } from '../config.ts'
import { answeredAt, type Dated } from './answeredAt.ts'
import { retryAfterMs } from './queuedWrite.ts'

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

/** The server refused a call: its status, its error body read with the client's own schema (null when it is not that), Retry-After and request id. */
export interface Refused<B> {
  kind: 'refused'
  status: number
  body: B | null
  retryAfterMs: number | null
  requestId: string | undefined
}

/** No answer came (offline, dropped, timed out): only the reason, for the logs. */
export interface NoAnswer {
  kind: 'no-answer'
  error: string
}

/** What a status, body and headers a FetchError carries, read the one way every client reads them. */
function answerOf<S extends v.GenericSchema>(e: FetchError, schema: S) {
  const body = v.safeParse(schema, e.data)
  return {
    status: e.status,
    body: body.success ? (body.output as v.InferOutput<S>) : null,
    retryAfterMs: retryAfterMs(e.response?.headers.get('retry-after') ?? null),
    requestId: e.response?.headers.get('x-request-id') ?? undefined,
  }
}

/** A failed write as the server refused it (its body read with `schema`), or as no answer: each write client's one mapping. */
export function refusalOf<S extends v.GenericSchema>(e: unknown, schema: S): Refused<v.InferOutput<S>> | NoAnswer {
  if (e instanceof FetchError && typeof e.status === 'number' && e.status > 0) {
    return { kind: 'refused', ...answerOf(e, schema), status: e.status }
  }
  // A 2xx we cannot read (a proxy's page) is no answer from our server: refused as a bad gateway, never sent again as is.
  if (e instanceof v.ValiError) return { kind: 'refused', status: 502, body: null, retryAfterMs: null, requestId: undefined }
  return { kind: 'no-answer', error: toApiError(e).message }
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e
  if (e instanceof FetchError) {
    const { status, body, requestId } = answerOf(e, ErrorBody)
    return new ApiError(body?.error ?? e.message, status, requestId)
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
