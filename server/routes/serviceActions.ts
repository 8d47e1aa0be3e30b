import { Hono } from 'hono'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { ServiceAnswerSchema } from '../../src/domain/service.ts'
import type { Service } from '../../src/domain/service.ts'
import { CancellationQuoteSchema, PackageChangeRequestSchema, PackagesAnswerSchema } from '../../src/domain/serviceActions.ts'
import { RenameSimRequestSchema } from '../../src/domain/simName.ts'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { idempotencyKey } from '../http/idempotencyKey.ts'
import { idParam } from '../http/idParam.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { requireCustomer } from '../http/requireCustomer.ts'
import type { CustomerEnv } from '../http/requireCustomer.ts'
import type { CookieSettings } from '../http/sessionCookie.ts'
import { requestHash, sendOutcome } from '../http/idempotency.ts'
import { thisInstance } from '../release.ts'
import { cancellationQuote, cancelService } from '../services/cancellation.ts'
import type { RefusalReason, Refused } from '../services/ownedService.ts'
import { packageQuote, schedulePackageChange } from '../services/packageChange.ts'
import { renameServiceOnce } from '../services/renameService.ts'
import { undoAction } from '../services/undoAction.ts'
import { invalidServiceId } from './services.ts'

export const keyIsNotRenameId = 'id must equal the Idempotency-Key header.'
export const renameKeyReused = 'This request was already used for a different change.'
export const invalidActionId = 'The action id must be a number.'

/** Each refusal as the customer reads it (src/domain/serverMessages.ts, translated on screen). */
const refusals: Record<RefusalReason, [ContentfulStatusCode, string]> = {
  missing: [404, serverMessages.serviceNotFound],
  others: [403, serverMessages.othersServiceChange],
  // 422, not 409: a queued rename must not be retried (the outbox takes 409 as "try again later").
  cancelled: [422, serverMessages.simCancelled],
  // 409: it can be asked again once the network has activated the SIM.
  notActive: [409, serverMessages.simNotActive],
  packageScheduled: [409, serverMessages.packageAlreadyScheduled],
  cancellationScheduled: [409, serverMessages.cancellationAlreadyScheduled],
  notOffered: [422, serverMessages.packageNotOffered],
  actionMissing: [404, serverMessages.actionNotFound],
  applied: [409, serverMessages.actionAlreadyApplied],
}

const refuse = (c: Context, { refused }: Refused) => jsonError(c, ...refusals[refused])
const refusalAnswer = ({ refused }: Refused) => ({ status: refusals[refused][0], body: { error: refusals[refused][1] } })
const isRefused = <T extends object>(outcome: T | Refused): outcome is Refused => 'refused' in outcome
const serviceAnswer = (c: Context, outcome: Service | Refused) => (isRefused(outcome) ? refuse(c, outcome) : c.json({ service: outcome }))

const owned = { 400: refusal('An id is not a number'), 403: refusal("Another customer's SIM"), 404: refusal('No such SIM') }
const changed = { 200: answer('The SIM as it stands now, its scheduled actions included', ServiceAnswerSchema), ...owned }

const described = {
  rename: describeApi({
    summary: 'Name a SIM, once per Idempotency-Key (the rename id made on the phone); the old name stays in its history',
    tags: ['services'],
    signedIn: true,
    idempotent: true,
    body: RenameSimRequestSchema,
    responses: {
      ...changed,
      200: answer('Renamed (or the first answer, repeated): the SIM as it stands now', ServiceAnswerSchema),
      422: refusal('The SIM is cancelled, or the key was used for another rename'),
    },
  }),
  packages: describeApi({
    summary: 'The packages a SIM can move to: the same network and billing, from the live catalogue, with the date a change takes effect',
    tags: ['services'],
    signedIn: true,
    responses: {
      200: answer('The package now, its price and the others of its kind', PackagesAnswerSchema),
      ...owned,
      409: refusal('The network has not activated the SIM yet'),
      422: refusal('The SIM is cancelled'),
    },
  }),
  changePackage: describeApi({
    summary: 'Schedule a move to another package from the start of the next bill cycle',
    tags: ['services'],
    signedIn: true,
    body: PackageChangeRequestSchema,
    responses: {
      ...changed,
      409: refusal('A package change or a cancellation already waits, or the network has not activated the SIM yet'),
      422: refusal('The SIM is cancelled, or the package is not one this SIM can move to'),
    },
  }),
  cancellationQuote: describeApi({
    summary: 'What cancelling a SIM would do: when it ends, and the prepaid wallet that ends with it',
    tags: ['services'],
    signedIn: true,
    responses: {
      200: answer('When the SIM would end', CancellationQuoteSchema),
      ...owned,
      409: refusal('The network has not activated the SIM yet'),
      422: refusal('The SIM is cancelled'),
    },
  }),
  cancel: describeApi({
    summary: 'Cancel a SIM: a prepaid one at once, a monthly one at the end of its current bill cycle (asking again changes nothing)',
    tags: ['services'],
    signedIn: true,
    responses: { ...changed, 409: refusal('The network has not activated the SIM yet'), 422: refusal('The SIM is cancelled already') },
  }),
  undo: describeApi({
    summary: 'Take back a scheduled package change or cancellation before its date',
    tags: ['services'],
    signedIn: true,
    responses: { ...changed, 404: refusal('No such SIM or scheduled action'), 409: refusal('The action has taken effect') },
  }),
}

/**
 * The service page's actions on one SIM: rename (queued on the phone, idempotent), package change and cancellation
 * (asked about first, then scheduled) and undo. Each checks the SIM is the signed-in customer's; dates come from `clock`.
 */
export function serviceActionRoutes(db: Db, settings: CookieSettings, clock: Clock) {
  const signedIn = requireCustomer(db, settings)
  const by = thisInstance()
  const serviceId = (c: Context<CustomerEnv>) => idParam(c.req.param('id') ?? '')

  return new Hono<CustomerEnv>()
    .post('/v8/partner/services/id/:id/name', described.rename, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const given = idempotencyKey(c)
      if ('refused' in given) return given.refused
      const read = readJson(c, RenameSimRequestSchema)
      if ('refused' in read) return read.refused
      if (read.body.id.toLowerCase() !== given.key) return jsonError(c, 400, keyIsNotRenameId)
      const rename = {
        customerId: c.get('customerId'),
        serviceId: id,
        key: given.key,
        hash: requestHash({ serviceId: id, body: read.sent }),
        name: read.body.name,
        now: clock.now(),
      }
      return sendOutcome(c, await renameServiceOnce(db, rename, renameKeyReused, refusalAnswer))
    })
    .get('/v8/partner/services/id/:id/packages', described.packages, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const quote = await packageQuote(db, id, c.get('customerId'), clock.now())
      return isRefused(quote) ? refuse(c, quote) : c.json(quote)
    })
    .post('/v8/partner/services/id/:id/package', described.changePackage, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const read = readJson(c, PackageChangeRequestSchema)
      if ('refused' in read) return read.refused
      return serviceAnswer(c, await schedulePackageChange(db, id, c.get('customerId'), read.body.product_id, clock.now()))
    })
    .get('/v8/partner/services/id/:id/cancellation', described.cancellationQuote, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const quote = await cancellationQuote(db, id, c.get('customerId'), clock.now())
      return isRefused(quote) ? refuse(c, quote) : c.json(quote)
    })
    .post('/v8/partner/services/id/:id/cancellation', described.cancel, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      return serviceAnswer(c, await cancelService(db, id, c.get('customerId'), clock.now(), by))
    })
    .delete('/v8/partner/services/id/:id/scheduled_actions/:action_id', described.undo, signedIn, async (c) => {
      const id = serviceId(c)
      if (id === undefined) return jsonError(c, 400, invalidServiceId)
      const actionId = idParam(c.req.param('action_id'))
      if (actionId === undefined) return jsonError(c, 400, invalidActionId)
      return serviceAnswer(c, await undoAction(db, id, c.get('customerId'), actionId, clock.now()))
    })
}
