import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import type { Db } from '../db/types.ts'
import { jsonError } from '../http/errors.ts'
import { answer, describeOpen, refusal } from '../http/openApi.ts'
import { requestLog } from '../http/requestContext.ts'
import { networkEvents } from '../metrics.ts'
import { NetworkEventSchema } from '../network/network.ts'
import type { NetworkSource } from '../network/network.ts'
import { networkSignatureHeader, networkWebhookPath, replayWindowSeconds, verifySignature } from '../network/signature.ts'
import { jsonOrUndefined } from '../http/jsonBody.ts'
import { applySimEvent } from '../network/simEvents.ts'

/** An event is a few hundred bytes; a usage report with its balances a few KB. */
const maxEventBytes = 64 * 1024

const described = describeOpen({
  summary: "The network's events about our SIMs (dispatched, RICA verified or failed, activated, usage, …), signed with the webhook secret",
  tags: ['network'],
  parameters: [
    {
      in: 'header',
      name: networkSignatureHeader,
      required: true,
      schema: { type: 'string' },
      description: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; refused more than ${replayWindowSeconds} s from now`,
    },
  ],
  requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'One event (docs/network.md)' } } } },
  responses: {
    200: answer('Received: { received: true, outcome } (applied, or duplicate: an event id already received changes nothing)'),
    400: refusal('Not an event this storefront understands'),
    401: refusal('Not signed with the webhook secret, or signed more than 300 s from now'),
    404: refusal('No SIM of ours has that ICCID or reference (send it again later)'),
    413: refusal('Larger than 64 KB'),
  },
})

export interface NetworkWebhookSettings {
  secret: Buffer
  /** Whose events these are: logged and counted with them, and recorded on the SIMs they fill. */
  source: NetworkSource
  /** The key the customer's ID number is sealed with, for the RICA record an activation is sent with. */
  sealKey?: Buffer
  /** Unix milliseconds now, against which the replay window is counted. */
  now?: () => number
}

/**
 * The network's events (POST /api/network/events, no Key: the signature proves the sender). Each is applied once, by
 * its id, in one transaction; any 2xx tells the network it arrived, anything else makes it send the event again.
 * Logged by id, type and outcome only: an event's data (numbers, identity) never reaches the logs.
 */
export function networkWebhookRoutes(db: Db, settings: NetworkWebhookSettings) {
  const now = settings.now ?? Date.now
  const network = settings.source
  return new Hono().post(
    networkWebhookPath,
    described,
    bodyLimit({ maxSize: maxEventBytes, onError: (c) => jsonError(c, 413, 'Event too large') }),
    async (c) => {
      const log = requestLog(c)
      const body = await c.req.text()
      const signature = verifySignature(settings.secret, c.req.header(networkSignatureHeader), body, Math.floor(now() / 1000))
      if (signature !== 'ok') {
        networkEvents.inc({ network, type: 'unsigned', outcome: 'refused' })
        log.warn(
          { network, signature },
          `network event refused: ${signature === 'stale' ? `signed more than ${replayWindowSeconds} s from now` : 'not signed with the webhook secret'}`,
        )
        return jsonError(c, 401, 'Event not authenticated')
      }
      const json = jsonOrUndefined(body)
      const parsed = v.safeParse(NetworkEventSchema, json)
      if (!parsed.success) {
        const type = typeof (json as { type?: unknown } | undefined)?.type === 'string' ? String((json as { type: string }).type).slice(0, 40) : 'unknown'
        networkEvents.inc({ network, type: 'invalid', outcome: 'refused' })
        // Where the event is wrong, never what it held: a value may be a number or an identity.
        const fields = [...new Set(parsed.issues.map((issue) => v.getDotPath(issue) ?? '(the event)'))].slice(0, 10)
        log.warn({ network, type, fields }, 'network event refused: not an event this storefront understands')
        return jsonError(c, 400, 'Event not understood')
      }
      const event = parsed.output
      const outcome = await applySimEvent(db, event, { source: network, ...(settings.sealKey ? { sealKey: settings.sealKey } : {}) })
      networkEvents.inc({ network, type: event.type, outcome: outcome === 'unknown' ? 'unknown_sim' : outcome })
      if (outcome === 'unknown') {
        log.warn({ network, eventId: event.id, type: event.type }, 'network event for a SIM we do not know: answered 404, to be sent again')
        return jsonError(c, 404, 'Unknown SIM')
      }
      log.info({ network, eventId: event.id, type: event.type, occurredAt: event.occurred_at, outcome }, 'network event')
      if (event.type === 'sim.returned' && outcome === 'applied')
        log.warn(
          { network, eventId: event.id, sim: event.sim.reference ?? event.sim.iccid },
          'a SIM came back unverified (RICA): what its order line was paid is owed back to the customer',
        )
      return c.json({ received: true, outcome })
    },
  )
}
