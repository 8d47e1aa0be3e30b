import { Hono } from 'hono'
import type { Env, Schema } from 'hono'
import { openAPIRouteHandler } from 'hono-openapi'
import { answer, describeOpen } from '../http/openApi.ts'

export const openApiPath = '/api/openapi.json'

const documentation = {
  info: {
    title: 'Storefront API',
    version: '1',
    description:
      'The reference backend of the storefront. Every route under /api but the social sign-in navigations, the card ' +
      "provider's notifications and this document needs the application's Key header; customer routes also need the " +
      "session cookie (sid) that sign-up, sign-in and social sign-in set. The back office's API under /api/staff needs " +
      'no Key but the staff session cookie (staff_sid) a passkey sign-in sets, and each route names the permission it ' +
      'needs. Errors answer { error }.',
  },
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'Key', description: "The application's key" },
      session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The httpOnly session cookie' },
      staffSession: {
        type: 'apiKey',
        in: 'cookie',
        name: 'staff_sid',
        description: "A staff member's session cookie (httpOnly, SameSite=Strict, sent only to /api/staff), set by a passkey sign-in",
      },
    },
  },
} as const

/** GET /api/openapi.json: the OpenAPI 3.1 document of every /api route of `app`, made from its routes on first ask. */
export function openApiRoutes<E extends Env, S extends Schema, P extends string>(app: Hono<E, S, P>) {
  const document = openAPIRouteHandler(app, {
    documentation,
    // Only the API: the pages, images, probes and sandboxes are not part of it.
    exclude: /^(?!\/api\/)/,
    // Else this document's own path would be taken for a static file and left out.
    excludeStaticFile: false,
    // Each route lists its own 400, in the shape this server answers.
    defaultValidationErrorResponse: false,
  })
  const described = describeOpen({ summary: 'This document', tags: ['meta'], responses: { 200: answer('The OpenAPI 3.1 document of the API') } })
  return new Hono().get(openApiPath, described, document)
}
