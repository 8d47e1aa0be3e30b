import type { Context } from 'hono'
import * as v from 'valibot'
import { jsonError } from './errors.ts'

export const missingIdempotencyKey = 'Missing Idempotency-Key header.'
export const invalidIdempotencyKey = 'The Idempotency-Key header must be a UUID.'

const Uuid = v.pipe(v.string(), v.uuid())

/** The request's Idempotency-Key (a UUID, lower-cased so one key is one key), or the 400 to answer. */
export function idempotencyKey(c: Context): { key: string } | { refused: Response } {
  const header = c.req.header('Idempotency-Key')?.trim()
  if (header === undefined) return { refused: jsonError(c, 400, missingIdempotencyKey) }
  if (!v.is(Uuid, header)) return { refused: jsonError(c, 400, invalidIdempotencyKey) }
  return { key: header.toLowerCase() }
}
