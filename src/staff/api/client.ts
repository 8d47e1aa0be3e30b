/** The staff API's base: the staff cookie is scoped to it (Path=/api/staff). */
export const staffApiBase = '/api/staff'

/**
 * A staff call the server refused, or one that got no answer (status undefined): the server's own error text, and
 * whether it asks for a fresh passkey check first (403 with `stepUp: true`, src/staff/stepUp.ts).
 */
export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly stepUp = false,
    /** The refusal's code when the server gives one (e.g. fulfilment's iccid_taken), for a screen to say in the member's language. */
    readonly code?: string,
  ) {
    super(message)
    this.name = 'StaffApiError'
  }
}

/** Who hears that the staff session is gone (401): the app shows the sign-in screen and keeps the screen's input. */
const signedOutListeners = new Set<() => void>()
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener)
  return () => signedOutListeners.delete(listener)
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * The one staff API client: same-origin cookie, JSON both ways, and `Content-Type: application/json` on every call
 * that is not a GET (the server refuses any other, so no cross-site form can act for a member); a picture (a Blob) is
 * sent as itself with its own image type, which no cross-site form can send either. A 401 tells the app the member is
 * signed out; every failure is a StaffApiError with the server's text.
 *
 * It is the browser's fetch, not the storefront's ofetch: that package travels in the storefront's device chunk
 * (Dexie, XState, the cart), which the staff app would then load and run.
 */
export async function staffApi<T>(
  method: Method,
  path: string,
  body?: unknown,
  query?: Record<string, string | number | undefined>,
  /** More request headers, such as the Idempotency-Key of a refund. */
  headers: Record<string, string> = {},
): Promise<T> {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') search.set(name, String(value))
  const url = `${staffApiBase}${path}${search.size > 0 ? `?${search}` : ''}`
  const file = body instanceof Blob ? body : undefined
  let answer: Response
  try {
    answer = await fetch(url, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers:
        method === 'GET' ? { Accept: 'application/json', ...headers } : { Accept: 'application/json', 'Content-Type': file?.type ?? 'application/json', ...headers },
      ...(method !== 'GET' && { body: file ?? JSON.stringify(body ?? {}) }),
      // A picture takes longer: megabytes to send, then drawn at the card's sizes.
      signal: AbortSignal.timeout(file ? 120_000 : 20_000),
    })
  } catch (error) {
    throw new StaffApiError(error instanceof Error ? error.message : String(error), undefined)
  }
  const data: unknown = answer.status === 204 ? undefined : await answer.json().catch(() => undefined)
  if (answer.ok) return data as T
  const refusal = (data ?? {}) as { error?: unknown; stepUp?: unknown; code?: unknown }
  if (answer.status === 401) for (const listener of signedOutListeners) listener()
  throw new StaffApiError(
    typeof refusal.error === 'string' ? refusal.error : answer.statusText,
    answer.status,
    refusal.stepUp === true,
    typeof refusal.code === 'string' ? refusal.code : undefined,
  )
}
