import { describeRoute, resolver } from 'hono-openapi'
import type { DescribeRouteOptions } from 'hono-openapi'
import * as v from 'valibot'
import { ErrorReplySchema } from '../../src/domain/account.ts'
import { ValidationErrorSchema } from './validationError.ts'

/*
 * How a route describes itself in GET /api/openapi.json: beside its handler, with the valibot schema the handler
 * checks the body with, so the document cannot describe one body while the route reads another.
 */

type Schema = v.GenericSchema
type Responses = NonNullable<DescribeRouteOptions['responses']>

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of what travels on the wire: a schema's input, before transforms. */
const wire = { options: { target: 'draft-2020-12', typeMode: 'input' } } as const

/** A schema listed once under components.schemas and referred to by name. */
const named = <S extends Schema>(name: string, schema: S) => v.pipe(schema, v.metadata({ ref: name }))

const ErrorReply = named('Error', ErrorReplySchema)
/** validationError's 400 (and the edge's refusals of a body). */
export const ValidationError = named('ValidationError', ValidationErrorSchema)

export const jsonContent = (schema: Schema) => ({ 'application/json': { schema: resolver(schema, wire) } })

/** An answer, with its JSON body's schema when it has one. */
export const answer = (description: string, schema?: Schema) => ({ description, ...(schema ? { content: jsonContent(schema) } : {}) })

/** An answer whose body is the one error shape, { error }. */
export const refusal = (description: string) => answer(description, ErrorReply)

const keyRefused = refusal('Missing or wrong Key header')

const idempotencyKey = {
  in: 'header',
  name: 'Idempotency-Key',
  required: true,
  description: 'A UUID made when the customer acted; a repeat gets the first answer again (with Idempotent-Replayed: true).',
  schema: { type: 'string', format: 'uuid' },
} as const

export interface ApiRoute {
  summary: string
  /** The schema the handler reads the body with (readJson). */
  body?: Schema
  /** The body may be left out (the schema then reads it as its default). */
  bodyOptional?: boolean
  /** The session cookie is needed (requireCustomer). */
  signedIn?: boolean
  /** The Idempotency-Key header is needed. */
  idempotent?: boolean
  responses: Responses
  tags?: string[]
}

/** A keyed JSON route under /api: its Key (and session) refusals and, with a body, the edge's refusals of it. */
export function describeApi({ summary, body, bodyOptional, signedIn, idempotent, responses, tags }: ApiRoute) {
  return describeRoute({
    summary,
    ...(tags ? { tags } : {}),
    security: [signedIn ? { key: [], session: [] } : { key: [] }],
    ...(idempotent ? { parameters: [idempotencyKey] } : {}),
    ...(body ? { requestBody: { required: !bodyOptional, content: jsonContent(body) } } : {}),
    responses: {
      ...(body
        ? {
            400: answer(
              `A body the schema refuses (error and every issue by its path), or malformed JSON${idempotent ? ', or a missing or malformed Idempotency-Key' : ''}`,
              ValidationError,
            ),
          }
        : {}),
      ...(body ? { 413: refusal('Body too large'), 415: refusal('Body not JSON') } : {}),
      ...responses,
      401: responses[401] ?? (signedIn ? refusal('Missing or wrong Key header, or no live session (the sid cookie)') : keyRefused),
    },
  })
}

/** A route outside the Key check (browser navigations, the provider's notifications, this document). */
export const describeOpen = (spec: Omit<DescribeRouteOptions, 'security'>) => describeRoute({ ...spec, security: [] })
