import { hash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { jsonError } from './errors.ts'

// Hashing first gives equal-length buffers, so the comparison time says nothing about the key.
const digest = (s: string) => hash('sha256', s, 'buffer')

/** Rejects requests whose Key header is not the application key (every call of the base client carries it). */
export function requireApiKey(apiKey: string): MiddlewareHandler {
  const expected = digest(apiKey)
  return async (c, next) => {
    const given = c.req.header('Key')
    if (given === undefined) return jsonError(c, 401, 'Missing Key header')
    if (!timingSafeEqual(digest(given), expected)) return jsonError(c, 401, 'Invalid Key header')
    await next()
  }
}
