import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import * as v from 'valibot'

/**
 * The card provider's payment notifications (OPPWA webhooks): the JSON notification encrypted with AES-256-GCM under
 * the key the provider shows for the webhook, sent as a hex body, with the hex IV and authentication tag in the
 * X-Initialization-Vector and X-Authentication-Tag headers. The tag proves the sender knows the key.
 */

/** Where the provider posts notifications, on this server's public origin. */
export const paymentWebhookPath = '/api/payments/webhook'

export const ivHeader = 'X-Initialization-Vector'
export const tagHeader = 'X-Authentication-Tag'

const hex = /^(?:[0-9a-fA-F]{2})+$/

/** 32 bytes as 64 hex digits, as the provider shows the key. */
export const webhookKeyShape = /^[0-9a-fA-F]{64}$/

/** A notification: what happened (PAYMENT, REGISTRATION…) and the object as the provider's API would answer it. */
export const NotificationSchema = v.object({
  type: v.string(),
  action: v.optional(v.string()),
  payload: v.unknown(),
})

export interface SealedNotification {
  body: string
  iv: string
  tag: string
}

/** Encrypts a notification as the provider does (the sandbox sends its own this way). */
export function sealNotification(key: Buffer, notification: v.InferOutput<typeof NotificationSchema>): SealedNotification {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(notification), 'utf8'), cipher.final()])
  return { body: body.toString('hex').toUpperCase(), iv: iv.toString('hex').toUpperCase(), tag: cipher.getAuthTag().toString('hex').toUpperCase() }
}

/** The notification's text, or undefined when it is not hex or was not sealed with this key (a forged or altered one). */
export function openNotification(key: Buffer, sealed: { body: string; iv: string | undefined; tag: string | undefined }): string | undefined {
  const { body, iv, tag } = sealed
  if (!iv || !tag || !hex.test(body) || !hex.test(iv) || !/^[0-9a-fA-F]{32}$/.test(tag)) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'hex'))
    decipher.setAuthTag(Buffer.from(tag, 'hex'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'hex')), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}
