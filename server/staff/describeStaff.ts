import { describeRoute } from 'hono-openapi'
import type { DescribeRouteOptions } from 'hono-openapi'
import type * as v from 'valibot'
import { STAFF_PERMISSIONS } from '../../src/domain/staff.ts'
import { ValidationError, answer, jsonContent, refusal } from '../http/openApi.ts'
import type { StaffAccess } from './allow.ts'

type Responses = NonNullable<DescribeRouteOptions['responses']>

export interface StaffRoute {
  summary: string
  /** The same access the route's allow() declares; the document names it (and the roles that have it). */
  access: StaffAccess
  /** The schema the handler reads the body with (readJson). */
  body?: v.GenericSchema
  /** The types of a body sent as a file's own bytes rather than JSON (a picture). */
  file?: readonly string[]
  /** The query parameters the handler reads with this object schema (each optional, a string on the wire). */
  query?: v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
  /** The route also needs a passkey check within the step-up window (freshPasskey). */
  stepUp?: boolean
  responses: Responses
  tags?: string[]
}

const whoMay = (access: StaffAccess): string =>
  access === 'anyone'
    ? 'Open to anyone (no staff session needed).'
    : access === 'signed-in'
      ? 'Needs a live staff session (any role).'
      : `Needs the staff permission ${access} (roles: ${STAFF_PERMISSIONS[access].join(', ')}).`

/**
 * How a route of the staff API (/api/staff) describes itself in GET /api/openapi.json: the staff cookie as its
 * security (none for 'anyone'), the permission it needs in its description, and the refusals of the staff API's
 * edge (staffApi.ts) and of allow() and freshPasskey().
 */
export function describeStaff({ summary, access, body, file, query, stepUp, responses, tags = ['staff'] }: StaffRoute) {
  const permission = access !== 'anyone' && access !== 'signed-in' ? access : undefined
  return describeRoute({
    summary,
    description: `${whoMay(access)}${stepUp ? ' Also needs a passkey check within the last five minutes (step-up).' : ''}`,
    tags,
    security: access === 'anyone' ? [] : [{ staffSession: [] }],
    ...(query
      ? { parameters: Object.keys(query.entries).map((name) => ({ in: 'query' as const, name, required: false, schema: { type: 'string' as const } })) }
      : {}),
    ...(body ? { requestBody: { required: true, content: jsonContent(body) } } : {}),
    ...(file
      ? { requestBody: { required: true, content: Object.fromEntries(file.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])) } }
      : {}),
    responses: {
      ...(body
        ? {
            400: answer('A body the schema refuses (error and every issue by its path), or malformed JSON', ValidationError),
            413: refusal('Body too large'),
            415: refusal('Body not JSON (a change must be sent as application/json)'),
          }
        : {}),
      ...responses,
      ...(access === 'anyone' ? {} : { 401: refusal('No live staff session (the staff_sid cookie)') }),
      ...(permission || stepUp
        ? {
            403: refusal(
              [permission ? `Role lacks ${permission}` : '', stepUp ? 'no passkey check within five minutes ({ error, stepUp: true })' : '']
                .filter(Boolean)
                .join(', or '),
            ),
          }
        : {}),
    },
  })
}
