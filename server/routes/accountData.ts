import { Hono } from 'hono'
import { DeleteAccountSchema } from '../../src/domain/accountDeletionRequest.ts'
import { CustomerDataSchema, dataFileName } from '../../src/domain/customerDataFile.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { passwordConfirmed } from '../accounts/confirmPassword.ts'
import { customerData } from '../accounts/customerDataExport.ts'
import { deleteCustomer } from '../accounts/deleteCustomer.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { readJson } from '../http/jsonBody.ts'
import { requestLog } from '../http/requestContext.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { notSignedIn, requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import { clearSessionCookie, readSessionCookie, sessionTag } from '../http/sessionCookie.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'

const described = {
  data: describeApi({
    summary: 'Everything the server holds on the signed-in customer, as a JSON file to keep (no card numbers, no session ids)',
    tags: ['account'],
    signedIn: true,
    responses: { 200: answer("The customer's data (Content-Disposition: attachment, dated file name; never cached)", CustomerDataSchema) },
  }),
  remove: describeApi({
    summary: 'Delete the signed-in customer: every session ends, personal data goes, orders and payments stay detached from them',
    tags: ['account'],
    signedIn: true,
    body: DeleteAccountSchema,
    responses: {
      204: answer('Deleted; the session cookies are cleared and the email can sign up again'),
      403: refusal('The password is not correct (counted as a failed sign-in)'),
      409: refusal('A wallet payment is still being processed; nothing was changed'),
      429: refusal('Too many sign-in attempts for this email or address (Retry-After)'),
    },
  }),
}

/** GET /account/data and POST /account/delete: always the session's own customer; no id is taken from the request. */
export function accountDataRoutes(db: Db, settings: CookieSettings & ProxyTrust) {
  const signedIn = requireCustomer(db, settings)
  return new Hono<CustomerEnv>()
    .get('/account/data', described.data, signedIn, async (c) => {
      const data = await customerData(db, c.get('customerId'), sessionTag(readSessionCookie(c) ?? ''))
      if (!data) return jsonError(c, 401, notSignedIn)
      // Personal data stays out of every cache on the way, the browser's and the worker's included.
      c.header('Cache-Control', 'no-store')
      c.header('Content-Disposition', `attachment; filename="${dataFileName(new Date(data.exported_at))}"`)
      return c.json(data)
    })
    .post('/account/delete', described.remove, signedIn, async (c) => {
      const read = readJson(c, DeleteAccountSchema)
      if ('refused' in read) return read.refused
      const customerId = c.get('customerId')
      const confirmed = await passwordConfirmed(c, db, settings, read.body.password, serverMessages.wrongPassword)
      if ('refused' in confirmed) return confirmed.refused
      // Deleted only under the credentials the password was checked at: a lockout since stops it.
      const deletion = await deleteCustomer(db, customerId, confirmed.version)
      if (deletion === 'charging') return jsonError(c, 409, serverMessages.paymentInFlight)
      if (deletion === 'credentials changed') return jsonError(c, 409, serverMessages.credentialsChanged)
      clearSessionCookie(c, settings)
      requestLog(c).info({ customerId }, 'customer deleted their account')
      return c.body(null, 204)
    })
}
