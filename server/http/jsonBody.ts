import type { Context, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import type { Logger } from '../log.ts'
import { jsonError } from './errors.ts'
import { inputRefused, unstorableInBody, unstorableInUrl } from './storableInput.ts'
import { validationError } from './validationError.ts'

/** Per-request values the middleware hands to routes: the parsed body, and the request's id and logger (requestContext). */
export type AppEnv = { Variables: { json: unknown; requestId: string; log: Logger } }

const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)

/**
 * Whether the request brings a body to read. A GET or HEAD is answered without reading one (the server drops what
 * it left unread), and is decided by its method: asking the request for its body builds the whole web Request.
 */
export const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null

/** Runs `middleware` only for requests that carry a body (the body limit has nothing to count otherwise). */
export const withBody =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    hasBody(c) ? middleware(c, next) : next()

/** A signed or sealed notification's text as JSON, or undefined when it is not JSON (its schema then refuses it). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Parses every request body once at the edge, so malformed JSON is a 400 before any route runs, and refuses
 * (400, naming the field) any path, query or body text PostgreSQL could not store, whatever the route checks.
 */
export const jsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const inUrl = unstorableInUrl(c.req.url)
  if (inUrl) return inputRefused(c, inUrl)
  const text = hasBody(c) ? await c.req.text() : ''
  if (text.trim() === '') return next()
  const type = c.req.header('Content-Type') ?? 'application/json'
  if (!isJson(type)) return jsonError(c, 415, 'Request body must be JSON')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return jsonError(c, 400, 'Malformed JSON body')
  }
  const inBody = unstorableInBody(json)
  if (inBody) return inputRefused(c, inBody)
  c.set('json', json)
  await next()
}

/**
 * The body the edge parsed, checked against the schema the route documents: its output and the JSON as sent (what
 * an idempotency key's hash covers), or the 400 to answer, naming every issue by its path (validationError).
 */
export function readJson<S extends v.GenericSchema, E extends AppEnv>(
  c: Context<E>,
  schema: S,
): { body: v.InferOutput<S>; sent: unknown } | { refused: Response } {
  const sent = c.get('json')
  const parsed = v.safeParse(schema, sent)
  return parsed.success ? { body: parsed.output, sent } : { refused: validationError(c, parsed.issues) }
}
