/** Why a call a machine invoked failed: the server's own text and status (undefined status: no answer at all). */
export interface CallFailure {
  message: string
  status: number | undefined
}

/** A string a thrown value carries under `key` (an error's message, a refusal's reason or field), else null. */
export function carried(error: unknown, key: string): string | null {
  const value = (error as Record<string, unknown> | null | undefined)?.[key]
  return typeof value === 'string' ? value : null
}

/** Reduces whatever an invoked call threw to its message and, when the server answered, its status. */
export function failureOf(error: unknown): CallFailure {
  const status = (error as { status?: unknown } | null)?.status
  return { message: carried(error, 'message') ?? String(error), status: typeof status === 'number' ? status : undefined }
}

/** 403 (not this customer's), 404 (no such thing) and 409 (not in a state for it): trying again here cannot help; anything else (no answer, 5xx) may. */
export const isRefusal = (failure: CallFailure): boolean => failure.status === 403 || failure.status === 404 || failure.status === 409

/**
 * Whether the server answered at all: the failure has a status, or src/ kept only the server's words and said so
 * (`offline: false`). Otherwise nothing came back (no connection, a dropped request): trying again later may help.
 */
export function wasAnswered(error: unknown): boolean {
  const offline = (error as { offline?: unknown } | null | undefined)?.offline
  return typeof offline === 'boolean' ? !offline : failureOf(error).status !== undefined
}

/** The failure an invoked call's error event carries, as an action's params. */
const failureIn = ({ event }: { event: { error: unknown } }) => failureOf(event.error)

/**
 * An invoked call's onError: a refusal (trying again cannot help) goes to `refused`, any other failure to
 * `otherwise`; both keep the failure with the machine's `setFailure` action, then run `also` (a toast, say).
 */
export function refusalOr<T extends string, A extends string = never>(refused: T, otherwise: T, ...also: A[]) {
  const actions = [{ type: 'setFailure' as const, params: failureIn }, ...also]
  return [
    { guard: (args: { event: { error: unknown } }) => isRefusal(failureIn(args)), target: refused, actions },
    { target: otherwise, actions },
  ]
}
