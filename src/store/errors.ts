/** Thrown by commit() when the log already holds a fact with this id; nothing was applied. */
export class DuplicateFactError extends Error {
  override readonly name = 'DuplicateFactError'
  constructor(readonly factId: string) {
    super(`A fact with id ${factId} is already in the log.`)
  }
}

/** Thrown by commit() before its transaction when a fact does not match its definition; nothing was written. */
export class InvalidFactError extends Error {
  override readonly name = 'InvalidFactError'
  constructor(
    readonly factId: string,
    problem: string,
  ) {
    super(`The fact ${factId} is not valid: ${problem}`)
  }
}

const quotaNames = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'])

/** True when a write failed because storage is full, also when Dexie wraps the browser's error. */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false
  const { name, code, inner, failures } = error as {
    name?: unknown
    code?: unknown
    inner?: unknown
    failures?: unknown
  }
  if (typeof name === 'string' && quotaNames.has(name)) return true
  // Legacy DOMException codes: 22 everywhere, 1014 in old Firefox.
  if (error instanceof DOMException && (code === 22 || code === 1014)) return true
  if (isQuotaError(inner, depth + 1)) return true
  const nested = Array.isArray(failures) ? failures : failures && typeof failures === 'object' ? Object.values(failures) : []
  return nested.some((failure) => isQuotaError(failure, depth + 1))
}
