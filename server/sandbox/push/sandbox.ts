import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import type { Queryable } from '../../db/types.ts'
import { idParam } from '../../http/idParam.ts'
import { acceptedLanguage, hintedLanguage } from '../../i18n/requestLanguage.ts'
import { shopOrigin } from '../../mail/shopOrigin.ts'
import { sandboxPushPrefix } from '../../push/pushEndpoint.ts'
import type { PushSettings } from '../../push/pushSettings.ts'
import { checkVapidHeader } from '../../push/vapid.ts'
import { decryptPushPayload } from '../../push/webPushCrypto.ts'
import { pagePolicy } from '../identity/page.ts'
import { shopperI18n } from '../i18n.ts'
import { sandboxPushPage } from './page.ts'
import {
  createSandboxSubscription,
  removeSandboxSubscription,
  sandboxMessages,
  sandboxOverview,
  sandboxSubscriptionByToken,
  scriptAnswer,
  storeSandboxMessage,
  takeScriptedAnswer,
} from './store.ts'

/** The largest body a push service takes (RFC 8030 §7.2: at least 4096 bytes of payload; the browsers' take no more). */
const maxBody = 4096

const AnswerSchema = v.object({
  status: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(599)),
  retryAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400))),
  times: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000)),
})

const noStore = { 'Cache-Control': 'no-store' }

/** The origin this service's endpoints are on: this server's (PUBLIC_URL, or where it listens), as the endpoint check allows. */
const originOf = (c: Context) => shopOrigin() || new URL(c.req.url).origin

/**
 * The sandbox push service at /sandbox/push, where sandboxes run: it makes subscriptions as a browser would
 * (POST /subscriptions), takes messages at their endpoints as a push service does (POST /send/:token: VAPID,
 * headers and encryption checked, 201), answers as a tester scripted (POST /subscriptions/:id/answer), and shows what
 * it received (GET /subscriptions/:id/messages, and the tester's page at /sandbox/push). No Key: like the mailbox.
 */
export function sandboxPushRoutes(db: Queryable, push: Pick<PushSettings, 'keys'>) {
  return new Hono()
    .get('/', async (c) => {
      const i18n = await shopperI18n(c.req.query('lang'), hintedLanguage(c), acceptedLanguage(c))
      return c.html(sandboxPushPage(i18n, await sandboxOverview(db)), 200, {
        'Content-Security-Policy': pagePolicy,
        'Referrer-Policy': 'no-referrer',
        ...noStore,
      })
    })
    .post('/subscriptions', async (c) => {
      const made = await createSandboxSubscription(db)
      return c.json(
        { id: made.id, endpoint: `${originOf(c)}${sandboxPushPrefix}/send/${made.token}`, keys: { p256dh: made.p256dh, auth: made.auth } },
        201,
        noStore,
      )
    })
    .post('/subscriptions/:id/answer', async (c) => {
      const id = idParam(c.req.param('id'))
      const parsed = v.safeParse(AnswerSchema, await c.req.json().catch(() => undefined))
      if (!parsed.success) return c.json({ error: v.summarize(parsed.issues) }, 400)
      return id !== undefined && (await scriptAnswer(db, id, parsed.output)) ? c.body(null, 204) : c.json({ error: 'No such subscription' }, 404)
    })
    .delete('/subscriptions/:id', async (c) => {
      const id = idParam(c.req.param('id'))
      return id !== undefined && (await removeSandboxSubscription(db, id)) ? c.body(null, 204) : c.json({ error: 'No such subscription' }, 404)
    })
    .get('/subscriptions/:id/messages', async (c) => {
      const id = idParam(c.req.param('id'))
      const messages = id === undefined ? undefined : await sandboxMessages(db, id)
      return messages ? c.json({ messages }, 200, noStore) : c.json({ error: 'No such subscription' }, 404)
    })
    .post('/send/:token', async (c) => {
      const subscription = await sandboxSubscriptionByToken(db, c.req.param('token'))
      if (!subscription || subscription.removed) return c.text('No such subscription (unsubscribed or never made)', 410)
      const scripted = await takeScriptedAnswer(db, subscription.id)
      if (scripted) return c.body(null, scripted.status as 200, scripted.retryAfter === null ? {} : { 'Retry-After': String(scripted.retryAfter) })
      const vapid = checkVapidHeader(c.req.header('authorization'), { publicKey: push.keys.publicKey, origin: originOf(c), now: new Date() })
      if (!vapid.ok) return c.text(vapid.reason, 401)
      const ttl = c.req.header('ttl') ?? ''
      const urgency = c.req.header('urgency') ?? ''
      const topic = c.req.header('topic') ?? ''
      if (!/^\d{1,9}$/.test(ttl)) return c.text('TTL header missing or not a number of seconds', 400)
      if (!['very-low', 'low', 'normal', 'high'].includes(urgency)) return c.text('Urgency header missing or not very-low, low, normal or high', 400)
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return c.text('Topic header missing or not 1 to 32 base64url characters', 400)
      if (c.req.header('content-encoding') !== 'aes128gcm') return c.text('Content-Encoding must be aes128gcm', 415)
      const body = Buffer.from(await c.req.arrayBuffer())
      if (body.length > maxBody) return c.text(`The body is over ${maxBody} bytes`, 413)
      let payload: string
      try {
        payload = decryptPushPayload(body, { privateKey: subscription.privateKey, auth: subscription.auth }).toString('utf8')
      } catch (error) {
        return c.text(`The body does not decrypt for this subscription: ${error instanceof Error ? error.message : String(error)}`, 400)
      }
      await storeSandboxMessage(db, subscription.id, { ttl: Number(ttl), urgency, topic, payload, rawSize: body.length })
      return c.body(null, 201, { Location: `${sandboxPushPrefix}/subscriptions/${subscription.id}/messages` })
    })
}
