import { Hono } from 'hono'
import { ClientErrorReportSchema, MAX_CLIENT_ERROR_BYTES, scrubReport } from '../../src/domain/clientError.ts'
import type { Queryable } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import type { AppEnv } from '../http/jsonBody.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { sweepAttempts, takeAttempt } from '../http/rateLimit.ts'
import { requestLog } from '../http/requestContext.ts'
import { clientErrorReports } from '../metrics.ts'
import { clientAddress } from '../http/requestInfo.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'

/** Reports one client address may send: a page in a crash loop must not flood the logs. */
export const clientErrorLimits = { windowMinutes: 10, perAddress: 30 } as const

export const reportTooLarge = `An error report must be at most ${MAX_CLIENT_ERROR_BYTES} bytes.`
export const tooManyReports = 'Too many error reports from this address. Please wait before sending more.'

const described = describeApi({
  summary: "Report an error met in a customer's browser; logged, scrubbed of personal data, with the release it ran",
  tags: ['client errors'],
  body: ClientErrorReportSchema,
  responses: {
    204: answer('Logged'),
    413: refusal(`The report is over ${MAX_CLIENT_ERROR_BYTES} bytes`),
    429: refusal('Too many reports from this address (Retry-After)'),
  },
})

async function retryAfter(db: Queryable, address: string): Promise<number> {
  const taken = await takeAttempt(db, `client-errors:address:${address}`, { max: clientErrorLimits.perAddress, windowMinutes: clientErrorLimits.windowMinutes })
  if (!taken.taken) return taken.retryAfter
  await sweepAttempts(db)
  return 0
}

/** POST /v2/client_errors: one error report from the app, logged at warn; nothing about the customer is read or kept. */
export function clientErrorRoutes(db: Queryable, settings: ProxyTrust) {
  return new Hono<AppEnv>().post('/v2/client_errors', described, async (c) => {
    // The edge has read the body already (its text is kept), so its size is known before anything else is done.
    if (new TextEncoder().encode(await c.req.text()).length > MAX_CLIENT_ERROR_BYTES) {
      clientErrorReports.inc({ kind: 'unread', outcome: 'refused' })
      return jsonError(c, 413, reportTooLarge)
    }
    const wait = await retryAfter(db, clientAddress(c, settings))
    if (wait > 0) {
      clientErrorReports.inc({ kind: 'unread', outcome: 'limited' })
      c.header('Retry-After', String(wait))
      return jsonError(c, 429, tooManyReports)
    }
    const read = readJson(c, ClientErrorReportSchema)
    if ('refused' in read) {
      clientErrorReports.inc({ kind: 'unread', outcome: 'refused' })
      return read.refused
    }
    const { kind, context, message, stack, path, release, requestId, at, count } = scrubReport(read.body)
    requestLog(c).warn(
      { clientError: { kind, context, message, stack, path, at, count }, release, ...(requestId === undefined ? {} : { failedRequestId: requestId }) },
      'client error',
    )
    clientErrorReports.inc({ kind, outcome: 'logged' })
    return c.body(null, 204)
  })
}
