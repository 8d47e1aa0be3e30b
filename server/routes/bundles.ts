import { Hono } from 'hono'
import type { Context } from 'hono'
import { BuyBundleRequestSchema, BundlesAnswerSchema } from '../../src/domain/bundle.ts'
import { OrderSchema } from '../../src/domain/order.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import type { ProductBilling } from '../../src/domain/service.ts'
import { bundlesFor } from '../bundles/bundleCatalogue.ts'
import { buyBundleOnce } from '../bundles/buyBundleOnce.ts'
import { ownService } from '../bundles/ownService.ts'
import { sandboxPartner } from '../orders/partner.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { idParam } from '../http/idParam.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { Config } from '../config.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { requestHash, sendOutcome } from '../http/idempotency.ts'
import { invalidServiceId } from './services.ts'

export const othersServiceBundles = serverMessages.othersServiceBundles
export const keyIsNotPurchaseId = 'purchase.id must equal the Idempotency-Key header.'

const described = {
  list: describeApi({
    summary: 'The bundles one of the customer’s SIMs can buy (ADD VAS): data, minutes and SMS for a prepaid SIM, data for a monthly one',
    tags: ['services'],
    signedIn: true,
    responses: {
      200: answer('The bundles, with their prices in rand', BundlesAnswerSchema),
      400: refusal('The id is not a number'),
      403: refusal("Another customer's SIM"),
      404: refusal('No such SIM'),
    },
  }),
  buy: describeApi({
    summary: 'Start buying a bundle for one of the customer’s SIMs, exactly once per Idempotency-Key: the order to pay (card or Google Pay)',
    tags: ['services'],
    signedIn: true,
    idempotent: true,
    body: BuyBundleRequestSchema,
    responses: {
      200: answer('The unpaid order that buys the bundle (its `bundle` says what and for which SIM); paying it credits the SIM once', OrderSchema),
      403: refusal("Another customer's SIM"),
      404: refusal('No such SIM'),
      409: refusal('The SIM is not active'),
      422: refusal('The bundle is not offered for this SIM, or the key was used for another purchase'),
    },
  }),
}

type Found = { serviceId: number; billing: ProductBilling } | { refused: Response }

/** The path's SIM when it is the signed-in customer's, or the refusal (400, 404, 403) in the customer's words. */
async function ownSim(db: Db, c: Context<CustomerEnv>): Promise<Found> {
  const serviceId = idParam(c.req.param('id') ?? '')
  if (serviceId === undefined) return { refused: jsonError(c, 400, invalidServiceId) }
  const found = await ownService(db, serviceId, c.get('customerId'))
  if (found.found === 'none') return { refused: jsonError(c, 404, serverMessages.serviceNotFound) }
  if (found.found === 'others') return { refused: jsonError(c, 403, othersServiceBundles) }
  return { serviceId, billing: found.billing }
}

/** GET and POST /v8/partner/services/id/{id}/bundles: only for the signed-in customer's own SIMs. */
export function bundleRoutes(db: Db, settings: CookieSettings & Partial<Pick<Config, 'partner'>>) {
  const partner = settings.partner ?? sandboxPartner
  const signedIn = requireCustomer(db, settings)

  return new Hono<CustomerEnv>()
    .get('/v8/partner/services/id/:id/bundles', described.list, signedIn, async (c) => {
      const sim = await ownSim(db, c)
      if ('refused' in sim) return sim.refused
      return c.json({ bundles: await bundlesFor(db, sim.billing) })
    })
    .post('/v8/partner/services/id/:id/bundles', described.buy, signedIn, async (c) => {
      const sim = await ownSim(db, c)
      if ('refused' in sim) return sim.refused
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const read = readJson(c, BuyBundleRequestSchema)
      if ('refused' in read) return read.refused
      const { purchase } = read.body
      if (purchase.id.toLowerCase() !== given.key) return jsonError(c, 400, keyIsNotPurchaseId)
      const customerId = c.get('customerId')
      const outcome = await buyBundleOnce(db, {
        customerId,
        serviceId: sim.serviceId,
        key: given.key,
        hash: requestHash(read.sent),
        bundleId: purchase.bundle_id,
        partner,
      })
      return sendOutcome(c, outcome)
    })
}
