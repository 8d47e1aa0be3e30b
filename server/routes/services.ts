import { Hono } from 'hono'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { idParam } from '../http/idParam.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { listServices, loadService } from '../services/serviceReply.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { ServiceAnswerSchema, ServicesAnswerSchema } from '../../src/domain/service.ts'

export const othersServices = serverMessages.othersServices
export const serviceNotFound = serverMessages.serviceNotFound
export const invalidUserId = 'The user id must be a number.'
export const invalidServiceId = 'The service id must be a number.'

const described = {
  one: describeApi({
    summary: 'One SIM of the customer, with its balances',
    tags: ['services'],
    signedIn: true,
    responses: {
      200: answer('The SIM', ServiceAnswerSchema),
      400: refusal('The id is not a number'),
      403: refusal("Another customer's SIM"),
      404: refusal('No such SIM'),
    },
  }),
  list: describeApi({
    summary: "The customer's SIMs",
    tags: ['services'],
    signedIn: true,
    responses: { 200: answer('Every SIM', ServicesAnswerSchema), 400: refusal('The user id is not a number'), 403: refusal('The path names another customer') },
  }),
}

/** GET /v8/partner/services/{user_id} and GET /v8/partner/services/id/{id}: only the signed-in customer's own SIMs. */
export function serviceRoutes(db: Db, settings: CookieSettings) {
  const signedIn = requireCustomer(db, settings)

  return new Hono<CustomerEnv>()
    .get('/v8/partner/services/id/:id', described.one, signedIn, async (c) => {
      const id = idParam(c.req.param('id'))
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const found = await loadService(db, id)
      if (!found) return jsonError(c, 404, serviceNotFound)
      if (found.customerId !== c.get('customerId')) return jsonError(c, 403, othersServices)
      return c.json({ service: found.service })
    })
    .get('/v8/partner/services/:user_id', described.list, signedIn, async (c) => {
      const userId = idParam(c.req.param('user_id'))
      if (userId === undefined) return jsonError(c, 400, invalidUserId)
      if (userId !== c.get('customerId')) return jsonError(c, 403, othersServices)
      return c.json({ services: await listServices(db, userId) })
    })
}
