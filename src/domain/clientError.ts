import * as v from 'valibot'

/**
 * An error in a customer's browser, as the app reports it to POST /api/v2/client_errors (queued while offline).
 * Its text is scrubbed on the device before it is kept and again on the server before it is logged.
 */

/** Reports above this many bytes are refused (413): a message and a stack fit well within it. */
export const MAX_CLIENT_ERROR_BYTES = 16 * 1024
export const MAX_ERROR_MESSAGE = 1_000
export const MAX_ERROR_STACK = 8_000

/** Where the error was met: a window error, an unhandled rejection, React (render, hydration) or a route. */
export const ClientErrorKinds = ['error', 'unhandledrejection', 'render', 'uncaught', 'hydration', 'route', 'reported'] as const

export const ClientErrorReportSchema = v.object({
  kind: v.picklist(ClientErrorKinds),
  /** What the app was doing (reportError's context), e.g. 'payment'. */
  context: v.pipe(v.string(), v.maxLength(100)),
  message: v.pipe(v.string(), v.maxLength(MAX_ERROR_MESSAGE)),
  stack: v.optional(v.pipe(v.string(), v.maxLength(MAX_ERROR_STACK))),
  /** The app's path when it happened, without its query. */
  path: v.optional(v.pipe(v.string(), v.maxLength(500))),
  /** The build the browser runs (VITE_BUILD_ID). */
  release: v.pipe(v.string(), v.maxLength(100)),
  /** X-Request-Id of the API answer the error came from, when it came from one. */
  requestId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  /** When it first happened on the device. */
  at: v.pipe(v.string(), v.maxLength(40)),
  /** How many times the same error happened before it was sent. */
  count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000)),
})

export type ClientErrorReport = v.InferOutput<typeof ClientErrorReportSchema>

// Every repetition is bounded, so a hostile message costs linear time. Order matters: a URL's query goes before the
// key=value pairs, those before the numbers they may hold.
const queryString = /\?[^\s'"()<>#]{0,2000}?(?=:\d+(?::\d+)?(?:\)|\s|$)|[\s'"()<>#]|$)/g
const secretPair =
  /\b(token|code|key|secret|password|passwd|pwd|session|sid|auth|access_token|refresh_token|id_token|state|otp|signature|sig)=[^\s&'"()<>#]{1,2000}/gi
const bearer = /\b(Bearer|Basic)\s+[\w.~+/=-]{1,2000}/gi
const emailLike = /[\w.%+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g
// South African numbers: +27 / 27 / 0, then nine digits, spaces, dashes or brackets between groups.
const saPhone = /(?<![\w+])(?:\+27|27|0)[ -]?\(?\d{2}\)?[ -]?\d{3}[ -]?\d{4}(?!\w)/g
// 13 to 19 digits standing on their own, spaces or dashes allowed between: an ID number, a card number.
const longNumber = /(?<!\w)\d(?:[ -]?\d){12,18}(?!\w)/g
// A link's token (43 characters) or any other long opaque value; request ids (36-character UUIDs) stay.
const opaqueToken = /(?<![\w-])[A-Za-z0-9_-]{40,2000}(?![\w-])/g

/**
 * The text with what could name or reach a customer taken out: query strings, secrets in key=value pairs and
 * Authorization values, email addresses, phone numbers, ID and card numbers, long tokens. A stack frame keeps its
 * file, line and column.
 */
export function scrubErrorText(text: string): string {
  return text
    .replace(queryString, '?[query]')
    .replace(secretPair, '$1=[redacted]')
    .replace(bearer, '$1 [redacted]')
    .replace(emailLike, '[email]')
    .replace(saPhone, '[phone]')
    .replace(longNumber, '[number]')
    .replace(opaqueToken, '[token]')
}

/** The report with every text field scrubbed. */
export function scrubReport(report: ClientErrorReport): ClientErrorReport {
  return {
    ...report,
    context: scrubErrorText(report.context),
    message: scrubErrorText(report.message),
    ...(report.stack === undefined ? {} : { stack: scrubErrorText(report.stack) }),
    ...(report.path === undefined ? {} : { path: scrubErrorText(report.path) }),
  }
}
