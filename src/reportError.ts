import { MAX_ERROR_MESSAGE, MAX_ERROR_STACK, scrubReport, type ClientErrorReport } from './domain/clientError.ts'

/**
 * The app's error handler: failures the customer was already told about in the UI (a script that would not
 * load, an unexpected answer) and those nothing caught (window errors, React's, a route's) are logged as warnings,
 * kept here for diagnosis and, once the page has turned reports on (configureErrorReports), queued for the
 * operator (src/features/errors/clientErrorQueue.ts). Never thrown.
 */
export interface ReportedError {
  message: string
  context: string
  at: string
}

export type ClientErrorKind = ClientErrorReport['kind']

const MAX_KEPT = 50
const kept: ReportedError[] = []
// An error the router's screen shows is also heard by React's root: it is reported once.
const reported = new WeakSet<object>()

let send: ((report: ClientErrorReport) => Promise<void>) | undefined
let release = ''

/** The page turns reports on at boot with the build it runs; until then (and in tests, on the server) errors stay here. */
export function configureErrorReports(settings: { release: string; send: (report: ClientErrorReport) => Promise<void> }): void {
  release = settings.release
  send = settings.send
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text)

/** The report of an error, scrubbed of what could name the customer; its path without the query. */
export function describeError(error: unknown, context: string, kind: ClientErrorKind, where?: { pathname: string }): ClientErrorReport {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : safeString(error)
  const stack = error instanceof Error && error.stack ? cut(error.stack, MAX_ERROR_STACK) : undefined
  const requestId = requestIdOf(error)
  return scrubReport({
    kind,
    context: cut(context, 100),
    message: cut(message, MAX_ERROR_MESSAGE),
    release: cut(release, 100),
    at: new Date().toISOString(),
    count: 1,
    ...(stack === undefined ? {} : { stack }),
    ...(where === undefined ? {} : { path: cut(where.pathname, 500) }),
    ...(requestId === undefined ? {} : { requestId: cut(requestId, 128) }),
  })
}

/** The X-Request-Id an API error (src/api/client.ts ApiError) carries. */
export function requestIdOf(error: unknown): string | undefined {
  const id = typeof error === 'object' && error !== null ? (error as { requestId?: unknown }).requestId : undefined
  return typeof id === 'string' && id !== '' ? id : undefined
}

function safeString(value: unknown): string {
  try {
    return String(value)
  } catch {
    return typeof value
  }
}

export function reportError(error: unknown, context: string, kind: ClientErrorKind = 'reported'): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return
    reported.add(error)
  }
  const message = error instanceof Error ? error.message : safeString(error)
  kept.push({ message, context, at: new Date().toISOString() })
  if (kept.length > MAX_KEPT) kept.shift()
  console.warn(`[${context}] ${message}`)
  if (!send) return
  // A report that cannot be kept or sent is let go: reporting must never raise an error of its own.
  void send(describeError(error, context, kind, typeof location === 'undefined' ? undefined : location)).catch(() => undefined)
}

/** The latest reports, oldest first (for a support screen or a test). */
export const reportedErrors = (): readonly ReportedError[] => kept
