/** Why a call a machine invoked failed: the server's own text and status (undefined status: no answer at all). */
export interface CallFailure {
  message: string
  status: number | undefined
}

/** Reduces whatever an invoked call threw to its message and, when the server answered, its status. */
export function failureOf(error: unknown): CallFailure {
  const status = (error as { status?: unknown } | null)?.status
  return { message: error instanceof Error ? error.message : String(error), status: typeof status === 'number' ? status : undefined }
}

/** 403 (not this customer's), 404 (no such thing) and 409 (not in a state for it): trying again here cannot help; anything else (no answer, 5xx) may. */
export const isRefusal = (failure: CallFailure): boolean => failure.status === 403 || failure.status === 404 || failure.status === 409
