import { Hono } from 'hono'
import * as v from 'valibot'
import { pushSubscriptionChangeSchema, pushSubscriptionSchema, pushSubscriptionViewSchema } from '../../src/domain/push.ts'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { tokenHash } from '../accounts/tokenHash.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { idParam } from '../http/idParam.ts'
import { readJson } from '../http/jsonBody.ts'
import { answer, describeApi, refusal } from '../http/openApi.ts'
import { requestLog } from '../http/requestContext.ts'
import type { ProxyTrust } from '../http/requestInfo.ts'
import { requireCustomer, type CustomerEnv } from '../http/requireCustomer.ts'
import { readSessionCookie, type CookieSettings } from '../http/sessionCookie.ts'
import { checkPushEndpoint } from '../push/pushEndpoint.ts'
import { demoPushSettings, pushSandboxOrigin, type PushSettings } from '../push/pushSettings.ts'
import { changeSubscription, listSubscriptions, removeSubscription, storeSubscription } from '../push/pushSubscriptions.ts'

const OneSchema = v.object({ subscription: pushSubscriptionViewSchema })
const EndpointRefusedSchema = v.object({ error: v.object({ code: v.literal('push_endpoint_refused'), message: v.string() }) })

const described = {
  key: describeApi({
    summary: "The VAPID public key (base64url, 65 bytes) a browser subscribes with (PushManager.subscribe's applicationServerKey)",
    tags: ['push'],
    responses: { 200: answer('The key', v.object({ publicKey: v.string() })) },
  }),
  store: describeApi({
    summary:
      "Store this device's push subscription for this session and its customer (by endpoint: a row another session made moves here), with its categories and language",
    tags: ['push'],
    signedIn: true,
    body: pushSubscriptionSchema,
    responses: {
      200: answer('Stored', OneSchema),
      422: answer('The endpoint is not a push service the server sends to (code push_endpoint_refused)', EndpointRefusedSchema),
    },
  }),
  list: describeApi({
    summary: "The customer's subscribed devices, newest first (push service host, device, categories; never the keys)",
    tags: ['push'],
    signedIn: true,
    responses: { 200: answer('The subscriptions', v.object({ subscriptions: v.array(pushSubscriptionViewSchema) })) },
  }),
  change: describeApi({
    summary:
      'Change the categories (empty: the device stays subscribed and receives nothing) and/or the quiet hours (minutes after midnight South African time, both ends; equal: none) of one of the customer’s subscriptions',
    tags: ['push'],
    signedIn: true,
    body: pushSubscriptionChangeSchema,
    responses: { 200: answer('Changed', OneSchema), 404: refusal('No such subscription on this account') },
  }),
  remove: describeApi({
    summary: 'Remove one of the customer’s subscriptions (also when already removed)',
    tags: ['push'],
    signedIn: true,
    responses: { 204: answer('Removed, or already gone'), 404: refusal('The subscription is another customer’s') },
  }),
}

/**
 * GET /push/key, and the signed-in customer's subscriptions: PUT /push/subscription, GET /push/subscriptions,
 * PATCH and DELETE /push/subscriptions/{id}. Every row is checked against the session's customer.
 */
export function pushRoutes(db: Db, settings: CookieSettings & ProxyTrust & { push?: Config['push'] }) {
  const push: PushSettings = settings.push ?? demoPushSettings
  const signedIn = requireCustomer(db, settings)
  return new Hono<CustomerEnv>()
    .get('/push/key', described.key, (c) => c.json({ publicKey: push.keys.publicKey }))
    .put('/push/subscription', described.store, signedIn, async (c) => {
      const read = readJson(c, pushSubscriptionSchema)
      if ('refused' in read) return read.refused
      const checked = checkPushEndpoint(read.body.endpoint, { sandboxOrigin: pushSandboxOrigin(push) })
      if (!checked.ok) {
        requestLog(c).warn({ reason: checked.reason }, 'push subscription refused: its endpoint is not a push service we send to')
        return c.json({ error: { code: 'push_endpoint_refused' as const, message: serverMessages.pushEndpointRefused } }, 422)
      }
      const identity = { customerId: c.get('customerId'), sessionIdHash: tokenHash(readSessionCookie(c) ?? ''), userAgent: c.req.header('user-agent') ?? '' }
      const subscription = await db.transaction((tx) => storeSubscription(tx, identity, read.body))
      return c.json({ subscription })
    })
    .get('/push/subscriptions', described.list, signedIn, async (c) => c.json({ subscriptions: await listSubscriptions(db, c.get('customerId')) }))
    .patch('/push/subscriptions/:id', described.change, signedIn, async (c) => {
      const id = idParam(c.req.param('id'))
      if (id === undefined) return jsonError(c, 404, serverMessages.pushSubscriptionNotFound)
      const read = readJson(c, pushSubscriptionChangeSchema)
      if ('refused' in read) return read.refused
      const subscription = await changeSubscription(db, c.get('customerId'), id, read.body)
      return subscription ? c.json({ subscription }) : jsonError(c, 404, serverMessages.pushSubscriptionNotFound)
    })
    .delete('/push/subscriptions/:id', described.remove, signedIn, async (c) => {
      const id = idParam(c.req.param('id'))
      if (id === undefined) return jsonError(c, 404, serverMessages.pushSubscriptionNotFound)
      const removed = await removeSubscription(db, c.get('customerId'), id)
      return removed === 'others' ? jsonError(c, 404, serverMessages.pushSubscriptionNotFound) : c.body(null, 204)
    })
}
