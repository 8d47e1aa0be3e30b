import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { jsonError } from './errors.ts'

/** The application key of the sandbox build; public (it is in the demo's bundle), so production refuses it. */
export const sandboxApiKey = 'storefront-sandbox-key'

/** Whether the Key header given is the application key (`expected`, as bytes). */
export function isApiKey(expected: Buffer, given: string | undefined): boolean {
  if (given === undefined) return false
  // Constant time over the bytes; only the length can show (the key ships in the client's script anyway), and hashing cost more per request.
  const bytes = Buffer.from(given)
  return bytes.length === expected.length && timingSafeEqual(bytes, expected)
}

/** Rejects requests whose Key header is not the application key (every call of the base client carries it). */
export function requireApiKey(apiKey: string): MiddlewareHandler {
  const expected = Buffer.from(apiKey)
  return async (c, next) => {
    const given = c.req.header('Key')
    if (given === undefined) return jsonError(c, 401, 'Missing Key header')
    if (!isApiKey(expected, given)) return jsonError(c, 401, 'Invalid Key header')
    await next()
  }
}
