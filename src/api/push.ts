import * as v from 'valibot'
import { pushSubscriptionViewSchema, type PushSubscriptionChange, type PushSubscriptionView, type pushSubscriptionSchema } from '../domain/push.ts'
import { api, getJson, refusalOf, toApiError } from './client.ts'

// The answers read at the edge, with the schema the server describes them with (src/domain/push.ts).
const OneSchema = v.object({ subscription: pushSubscriptionViewSchema })
const ListSchema = v.object({ subscriptions: v.array(pushSubscriptionViewSchema) })
const KeySchema = v.object({ publicKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/)) })
const RefusedSchema = v.object({ error: v.object({ code: v.string(), message: v.string() }) })

/** What the device sends to store its subscription. */
export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionSchema>

/** GET /api/push/key: the server's VAPID public key (base64url), the applicationServerKey every subscription is made with. */
export async function fetchPushKey(): Promise<string> {
  return (await getJson('/push/key', KeySchema)).publicKey
}

/** The answer to storing a subscription: stored, refused (the endpoint check's code, or a bad body), or no answer. */
export type PushSaveResult =
  | { kind: 'saved'; subscription: PushSubscriptionView }
  | { kind: 'refused'; status: number; code: string | null; message: string }
  | { kind: 'no-answer' }

/** PUT /api/push/subscription: stores this device's subscription for this session (an upsert by endpoint). */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<PushSaveResult> {
  try {
    return { kind: 'saved', subscription: v.parse(OneSchema, await api('/push/subscription', { method: 'PUT', body })).subscription }
  } catch (e) {
    const failure = refusalOf(e, RefusedSchema)
    if (failure.kind === 'no-answer') return { kind: 'no-answer' }
    return { kind: 'refused', status: failure.status, code: failure.body?.error.code ?? null, message: failure.body?.error.message ?? '' }
  }
}

/** GET /api/push/subscriptions: the customer's devices that receive notifications, newest first. */
export async function fetchPushSubscriptions(): Promise<PushSubscriptionView[]> {
  return (await getJson('/push/subscriptions', ListSchema)).subscriptions
}

/** PATCH /api/push/subscriptions/:id: the categories one device receives (none keeps it subscribed, receiving nothing) and/or its quiet hours. */
export async function changePushSubscription(id: number, change: PushSubscriptionChange): Promise<PushSubscriptionView> {
  try {
    return v.parse(OneSchema, await api(`/push/subscriptions/${id}`, { method: 'PATCH', body: change })).subscription
  } catch (e) {
    throw toApiError(e)
  }
}

/** DELETE /api/push/subscriptions/:id: 204, also when it is already gone. */
export async function removePushSubscription(id: number): Promise<void> {
  try {
    await api(`/push/subscriptions/${id}`, { method: 'DELETE' })
  } catch (e) {
    throw toApiError(e)
  }
}
